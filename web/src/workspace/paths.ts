// Parsing of the workspace area's paths (app spec §2). Dialog paths render over a background page.

export type PageRoute = { page: 'hub' } | { page: 'welcome' } | { page: 'workspace'; id: string };

export type DialogRoute =
  | { dialog: 'new-workspace' }
  | { dialog: 'rename' | 'duplicate' | 'remove' | 'archive' | 'new-widget'; id: string }
  | { dialog: 'edit-widget' | 'remove-widget'; id: string; widgetId: string }
  | { dialog: 'group-edit' | 'group-ticker' | 'group-ungroup'; id: string; groupId: number };

export const BASE = '/app/workspace';

export function parseWorkspacePath(pathname: string): { page: PageRoute; dialog: DialogRoute | null } | null {
  const rest = pathname.replace(/\/+$/, '').slice(BASE.length);
  if (rest !== '' && !rest.startsWith('/')) return null;
  const seg = rest.split('/').filter(Boolean).map(decodeURIComponent);
  if (seg.length === 0) return { page: { page: 'hub' }, dialog: null };
  if (seg[0] === 'welcome' && seg.length === 1) return { page: { page: 'welcome' }, dialog: null };
  if (seg[0] === 'new' && seg.length === 1) return { page: { page: 'hub' }, dialog: { dialog: 'new-workspace' } };
  const id = seg[0];
  const page: PageRoute = { page: 'workspace', id };
  if (seg.length === 1) return { page, dialog: null };
  if (seg.length === 2) {
    const map = { rename: 'rename', duplicate: 'duplicate', remove: 'remove', archive: 'archive', new: 'new-widget' } as const;
    const d = map[seg[1] as keyof typeof map];
    return d ? { page, dialog: { dialog: d, id } } : null;
  }
  if (seg.length === 3 && (seg[2] === 'edit' || seg[2] === 'remove')) {
    return { page, dialog: { dialog: seg[2] === 'edit' ? 'edit-widget' : 'remove-widget', id, widgetId: seg[1] } };
  }
  if (seg.length === 4 && seg[1] === 'group') {
    const groupId = Number(seg[2]);
    const map = { edit: 'group-edit', 'edit-ticker': 'group-ticker', ungroup: 'group-ungroup' } as const;
    const d = map[seg[3] as keyof typeof map];
    if (d && Number.isInteger(groupId) && groupId >= 1 && groupId <= 10) return { page, dialog: { dialog: d, id, groupId } };
  }
  return null;
}

export const workspacePath = (id: string | number) => `${BASE}/${encodeURIComponent(String(id))}`;
