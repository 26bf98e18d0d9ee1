// The workspace area (/app/workspace/**): the workspace bar and drawer, the page (hub, welcome or one
// workspace) and any dialog route rendered over its background page.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { activeWorkspaces } from '../api/workspaces';
import { PageSpinner } from '../components/Spinner';
import { HighlightContext, removedWorkspaceIds, useWorkspaces, type WsState } from './hooks';
import { BASE, parseWorkspacePath, workspacePath, type DialogRoute, type PageRoute } from './paths';
import { WorkspaceBar } from './WorkspaceBar';
import { Drawer } from './Drawer';
import { WelcomePage } from './Welcome';
import { WorkspacePage } from './WorkspacePage';
import { HIGHLIGHT_MS } from '../domain/grid';
import type { Workspace } from '../domain/types';
import {
  ArchiveDialog,
  ChangeTickerDialog,
  EditGroupDialog,
  NewWorkspaceDialog,
  RemoveWidgetDialog,
  RemoveWorkspaceDialog,
  RenameDialog,
  UngroupDialog,
} from './Dialogs';
import { ensureDataToken } from '../api/client';
import { kindDef } from '../widgets/registry';
import { useShortcut, useShortcutListener } from './shortcuts';
import { activeWidgetActions } from './activeWidget';
import { ShortcutsDialog } from './ShortcutsDialog';
import './workspace.css';

const WidgetDialog = lazy(() => import('./WidgetDialog'));

// Overlap the start-up waterfall: the data token and the chart renderers load while the workspace
// list is fetched, instead of after the grid first renders.
function warmUp() {
  void ensureDataToken().catch(() => undefined);
  for (const kind of ['exposure', 'summary', 'statistics', 'ticker'] as const) void kindDef(kind)?.preload?.().catch(() => undefined);
}

function Page({ page, list, search, dialogOpen }: { page: PageRoute; list: Workspace[]; search: string; dialogOpen: boolean }) {
  if (page.page === 'welcome') return <WelcomePage />;
  if (page.page === 'hub') {
    const first = activeWorkspaces(list)[0];
    return first ? <Navigate to={workspacePath(first.id)} replace /> : <Navigate to={`${BASE}/welcome`} replace />;
  }
  const ws = list.find((w) => String(w.id) === page.id);
  if (!ws) return removedWorkspaceIds.has(page.id) ? null : <Navigate to="/not-found" replace />;
  return <WorkspacePage workspace={ws} search={search} dialogOpen={dialogOpen} />;
}

function Dialog({ dialog, list, currentId }: { dialog: DialogRoute; list: Workspace[]; currentId: string | null }) {
  if (dialog.dialog === 'new-workspace') return <NewWorkspaceDialog />;
  const ws = list.find((w) => String(w.id) === dialog.id);
  if (!ws) return null;
  switch (dialog.dialog) {
    case 'rename':
      return <RenameDialog workspace={ws} />;
    case 'duplicate':
      return <RenameDialog workspace={ws} duplicate />;
    case 'remove':
      return <RemoveWorkspaceDialog workspace={ws} />;
    case 'archive':
      return <ArchiveDialog workspace={ws} currentId={currentId} />;
    case 'new-widget':
      return <WidgetDialog workspace={ws} />;
    case 'edit-widget':
      return <WidgetDialog workspace={ws} editId={dialog.widgetId} />;
    case 'remove-widget':
      return <RemoveWidgetDialog workspace={ws} widgetId={dialog.widgetId} />;
    case 'group-edit':
      return <EditGroupDialog workspace={ws} groupId={dialog.groupId} />;
    case 'group-ticker':
      return <ChangeTickerDialog workspace={ws} groupId={dialog.groupId} />;
    case 'group-ungroup':
      return <UngroupDialog workspace={ws} groupId={dialog.groupId} />;
    default:
      return null;
  }
}

export default function WorkspaceArea() {
  const location = useLocation();
  const { data, isPending, isError, refetch } = useWorkspaces();
  const [drawer, setDrawer] = useState(false);
  useEffect(warmUp, []);
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const flash = useCallback((id: string) => {
    setHighlightId(id);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setHighlightId(null), HIGHLIGHT_MS);
  }, []);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const highlight = useMemo(() => ({ id: highlightId, flash }), [highlightId, flash]);
  const [help, setHelp] = useState(false);
  useShortcutListener();
  useShortcut(['?'], '?', 'List the keyboard shortcuts', () => setHelp(true));
  useShortcut(['f'], 'f', 'Full screen of the chart under the pointer (Esc leaves it)', () => {
    const a = activeWidgetActions();
    if (!a?.toggleFullScreen) return false;
    a.toggleFullScreen();
    return true;
  });
  useShortcut(['e'], 'e', 'Next expirations of the chart under the pointer (All, 0DTE, 1DTE, …)', () => {
    const a = activeWidgetActions();
    if (!a?.cycleExpirations) return false;
    a.cycleExpirations();
    return true;
  });

  const parsed = parseWorkspacePath(location.pathname);
  const background = (location.state as WsState | null)?.wsBackground;
  const bgParsed = background ? parseWorkspacePath(background.pathname) : null;
  if (!parsed) return <Navigate to="/not-found" replace />;
  if (isPending) return <PageSpinner />;
  if (isError || !data) {
    return (
      <div className="ws-state" data-state="error">
        <p>Workspaces could not be loaded.</p>
        <button type="button" className="btn btn-primary" onClick={() => void refetch()}>Try to reload</button>
      </div>
    );
  }
  // A dialog opened over a page keeps that page underneath; a dialog opened by URL shows its parent.
  let page: PageRoute = bgParsed?.page ?? parsed.page;
  if (parsed.dialog?.dialog === 'new-workspace' && !bgParsed) {
    const first = activeWorkspaces(data)[0];
    page = first ? { page: 'workspace', id: String(first.id) } : { page: 'welcome' };
  }
  const currentId = page.page === 'workspace' ? page.id : null;
  return (
    <HighlightContext.Provider value={highlight}>
      <div className="ws-area">
        <WorkspaceBar currentId={currentId} onOpenDrawer={() => setDrawer(true)} />
        <Drawer open={drawer} onClose={() => setDrawer(false)} currentId={currentId} />
        <div className="ws-content">
          <Page page={page} list={data} search={bgParsed ? background?.search ?? '' : location.search} dialogOpen={Boolean(parsed.dialog)} />
        </div>
        {help ? <ShortcutsDialog onClose={() => setHelp(false)} /> : null}
        {parsed.dialog ? (
          <Suspense fallback={null}>
            <Dialog dialog={parsed.dialog} list={data} currentId={currentId} />
          </Suspense>
        ) : null}
      </div>
    </HighlightContext.Provider>
  );
}
