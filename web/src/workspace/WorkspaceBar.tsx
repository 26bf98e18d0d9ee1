// Workspace bar: one tab per ACTIVE workspace by order, drag to reorder, close → archive dialog,
// drawer button and add button (pricing without a subscription).
import { useLocation, useNavigate } from 'react-router';
import { activeWorkspaces, reorder } from '../api/workspaces';
import { useDialogs, useUserPlan, useWorkspaceMutations, useWorkspaces } from './hooks';
import { useDragReorder } from './useDragReorder';
import { BASE, workspacePath } from './paths';
import { TickerSearch } from './TickerSearch';
import { Tooltip } from '../components/Tooltip';

export function useAddWorkspace() {
  // Until the user record is loaded assume a plan: the app layout already sends users without one to pricing.
  const { subscribed, loaded } = useUserPlan();
  const navigate = useNavigate();
  const location = useLocation();
  const { open } = useDialogs();
  return () => (subscribed || !loaded ? open(`${BASE}/new`) : navigate('/app/pricing', { state: { backgroundLocation: location } }));
}

export function WorkspaceBar({ currentId, onOpenDrawer }: { currentId: string | null; onOpenDrawer: () => void }) {
  const { data } = useWorkspaces();
  const { ordering } = useWorkspaceMutations();
  const navigate = useNavigate();
  const { open } = useDialogs();
  const add = useAddWorkspace();
  const tabs = activeWorkspaces(data);
  const drag = useDragReorder('x', (id, index) => {
    if (!data) return;
    ordering.mutate(reorder(data, tabs.find((t) => String(t.id) === id)!.id, index, 'active'));
  });
  return (
    <nav className="ws-bar" aria-label="Workspaces">
      <button type="button" className="icon-btn ws-drawer-btn" aria-label="My Workspaces" onClick={onOpenDrawer}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <ul className="ws-tabs" ref={(el) => { drag.container.current = el; }} role="tablist">
        {tabs.map((w, i) => (
          <li
            key={w.id}
            data-drag-id={String(w.id)}
            className={`ws-tab${String(w.id) === currentId ? ' is-current' : ''}${drag.dragging === String(w.id) ? ' is-dragging' : ''}${drag.over === i && drag.dragging ? ' is-over' : ''}`}
            onPointerDown={drag.onPointerDown(String(w.id))}
          >
            <button
              type="button"
              role="tab"
              aria-selected={String(w.id) === currentId}
              className="ws-tab-name"
              title={w.name}
              onClick={() => {
                if (!drag.consumeClick()) navigate(workspacePath(w.id));
              }}
            >
              {w.name}
            </button>
            <button
              type="button"
              className="ws-tab-close"
              aria-label={`Close ${w.name}`}
              onPointerDown={(e) => e.stopPropagation()}
              onClick={() => open(`${workspacePath(w.id)}/archive`)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <Tooltip content="Add a new workspace">
        <button type="button" className="icon-btn ws-add" aria-label="Add a new workspace" onClick={add}>
          +
        </button>
      </Tooltip>
      {currentId ? <TickerSearch workspaceId={currentId} /> : null}
    </nav>
  );
}
