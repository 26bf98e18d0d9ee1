// Widget groups (app spec §3, §4): ten coloured groups plus group 0, "none".
import type { ChartConfiguration, Widget, WidgetGroup } from '../domain/types';

export interface GroupDef {
  id: number;
  name: string;
  color: string;
}

export const NO_GROUP: GroupDef = { id: 0, name: 'None', color: '#8696c6' };

// Colours match the server's group table (api/workspaces/widgets.py), which validates them.
export const GROUPS: GroupDef[] = [
  { id: 1, name: 'Yellow', color: '#f5c842' },
  { id: 2, name: 'Orange', color: '#f59342' },
  { id: 3, name: 'Red', color: '#e5484d' },
  { id: 4, name: 'Pink', color: '#f06fa8' },
  { id: 5, name: 'Fuchsia', color: '#d14fd6' },
  { id: 6, name: 'Violet', color: '#8e5cf0' },
  { id: 7, name: 'Blue', color: '#3e7bfa' },
  { id: 8, name: 'Cyan', color: '#2fc6e0' },
  { id: 9, name: 'Teal', color: '#20b2a0' },
  { id: 10, name: 'Green', color: '#46b95a' },
];

export function groupDef(id: number): GroupDef {
  return GROUPS.find((g) => g.id === id) ?? NO_GROUP;
}

export function toWidgetGroup(id: number): WidgetGroup | null {
  if (!id) return null;
  const g = groupDef(id);
  return { id: g.id, name: g.name, color: g.color };
}

/** Set, change (id 1–10) or reset (id 0) the group of one widget. */
export function setWidgetGroup(widgets: Widget[], widgetId: string, groupId: number): Widget[] {
  return widgets.map((w) => (w.id === widgetId ? { ...w, group: toWidgetGroup(groupId) } : w));
}

export function widgetsOfGroup(widgets: Widget[], groupId: number): Widget[] {
  return widgets.filter((w) => (w.group?.id ?? 0) === groupId && groupId !== 0);
}

/** Ungroup: strip the group from that group's widgets. */
export function ungroup(widgets: Widget[], groupId: number): Widget[] {
  return widgets.map((w) => (w.group?.id === groupId ? { ...w, group: null } : w));
}

function tickerOf(w: Widget): string | undefined {
  return (w.configuration as { ticker?: string })?.ticker;
}

/**
 * Caption of a group: its common ticker, or 'N/A' when its widgets disagree or carry no ticker
 * (a group with an 'N/A' caption has no change-ticker action).
 */
export function groupCaption(widgets: Widget[], groupId: number): string {
  const members = widgetsOfGroup(widgets, groupId);
  const tickers = new Set(members.map(tickerOf));
  if (members.length === 0 || tickers.size !== 1) return 'N/A';
  const [t] = [...tickers];
  return t ?? 'N/A';
}

export function canChangeTicker(caption: string): boolean {
  return !caption.includes('N/A');
}

/** The groups present in a workspace with caption and member count, in group order (legend). */
export function groupLegend(widgets: Widget[]): (GroupDef & { caption: string; count: number })[] {
  return GROUPS.filter((g) => widgetsOfGroup(widgets, g.id).length > 0).map((g) => ({
    ...g,
    caption: groupCaption(widgets, g.id),
    count: widgetsOfGroup(widgets, g.id).length,
  }));
}

/** Change the ticker of every widget of a group. */
export function changeGroupTicker(widgets: Widget[], groupId: number, ticker: string): Widget[] {
  return widgets.map((w) =>
    w.group?.id === groupId && 'ticker' in (w.configuration as object)
      ? { ...w, configuration: { ...(w.configuration as ChartConfiguration), ticker } }
      : w,
  );
}

/** Fields shared by the group edit form; a field is "mixed" when the members disagree. */
export const GROUP_EDIT_FIELDS = ['ticker', 'greek', 'kind', 'expirations', 'date'] as const;
export type GroupEditField = (typeof GROUP_EDIT_FIELDS)[number];

export function mixedFields(widgets: Widget[], groupId: number): GroupEditField[] {
  const members = widgetsOfGroup(widgets, groupId);
  return GROUP_EDIT_FIELDS.filter((f) => {
    const values = new Set(
      members
        .map((w) => (w.configuration as Record<string, unknown>)[f])
        .filter((v) => v !== undefined)
        .map((v) => JSON.stringify(v ?? null)),
    );
    return values.size > 1;
  });
}

export const MIXED_EDIT_WARNING =
  'Some fields differ between the widgets of this group. Saving applies the new values to the whole group permanently.';

/** Apply a partial edit to every member of a group; only fields the member already has are written. */
export function editGroup(widgets: Widget[], groupId: number, patch: Partial<Record<GroupEditField, unknown>>): Widget[] {
  return widgets.map((w) => {
    if (w.group?.id !== groupId) return w;
    const cfg = { ...(w.configuration as Record<string, unknown>) };
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) continue;
      if (k === 'ticker' || k in cfg) cfg[k] = v;
    }
    return { ...w, configuration: cfg };
  });
}
