// Drawer 'My Workspaces' (240 px): every workspace with drag reorder and Rename / Duplicate / Delete.
// Opening an INACTIVE workspace from here makes it ACTIVE.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { reorder, sortWorkspaces } from '../api/workspaces';
import { useDialogs, useWorkspaceMutations, useWorkspaces } from './hooks';
import { useDragReorder } from './useDragReorder';
import { workspacePath } from './paths';
import { DRAWER_WIDTH } from '../domain/grid';
import { useAddWorkspace } from './WorkspaceBar';
import type { Workspace } from '../domain/types';
import { useMenuButton } from '../components/useMenuButton';

export function Drawer({ open, onClose, currentId }: { open: boolean; onClose: () => void; currentId: string | null }) {
  const { data } = useWorkspaces();
  const { ordering, update } = useWorkspaceMutations();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const add = useAddWorkspace();
  const [menu, setMenu] = useState<string | null>(null);
  const list = sortWorkspaces(data ?? []);
  const drag = useDragReorder('y', (id, index) => {
    if (data) ordering.mutate(reorder(data, list.find((w) => String(w.id) === id)!.id, index, 'all'));
  });
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  const openWorkspace = async (w: Workspace) => {
    if (w.state !== 'ACTIVE') await update.mutateAsync({ ...w, state: 'ACTIVE' }).catch(() => undefined);
    onClose();
    navigate(workspacePath(w.id));
  };
  return (
    <div className="ws-drawer-overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <aside className="ws-drawer" style={{ width: DRAWER_WIDTH }} aria-label="My Workspaces">
        <header>
          <h2>My Workspaces</h2>
          <button type="button" className="icon-btn" aria-label="Close drawer" onClick={onClose}>
            ×
          </button>
        </header>
        <ul ref={(el) => { drag.container.current = el; }}>
          {list.map((w) => (
            <li
              key={w.id}
              data-drag-id={String(w.id)}
              data-state={w.state}
              className={`ws-drawer-item${String(w.id) === currentId ? ' is-current' : ''}${drag.dragging === String(w.id) ? ' is-dragging' : ''}`}
              onPointerDown={drag.onPointerDown(String(w.id))}
            >
              <button type="button" className="ws-drawer-name" title={w.name} onClick={() => !drag.consumeClick() && void openWorkspace(w)}>
                {w.name}
                {w.state === 'INACTIVE' ? <span className="badge">Saved</span> : null}
              </button>
              <WorkspaceItemMenu
                name={w.name}
                open={menu === String(w.id)}
                setOpen={(o) => setMenu(o ? String(w.id) : null)}
                onAction={(a) => {
                  setMenu(null);
                  onClose();
                  dialogs.open(`${workspacePath(w.id)}/${a}`);
                }}
              />
            </li>
          ))}
        </ul>
        <button type="button" className="btn btn-secondary btn-block" onClick={() => { onClose(); add(); }}>
          Add workspace
        </button>
      </aside>
    </div>
  );
}

function WorkspaceItemMenu({ name, open, setOpen, onAction }: { name: string; open: boolean; setOpen: (open: boolean) => void; onAction: (action: 'rename' | 'duplicate' | 'remove') => void }) {
  const menu = useMenuButton(open, setOpen);
  return (
    <>
      <button type="button" className="icon-btn" aria-label={`Workspace menu ${name}`} onPointerDown={(e) => e.stopPropagation()} {...menu.buttonProps}>
        ⋮
      </button>
      {open ? (
        <div className="ws-menu" aria-label={`Workspace ${name}`} {...menu.menuProps}>
          {(['rename', 'duplicate', 'remove'] as const).map((a) => (
            <button key={a} type="button" role="menuitem" tabIndex={-1} onClick={() => onAction(a)}>
              {a === 'rename' ? 'Rename' : a === 'duplicate' ? 'Duplicate' : 'Delete'}
            </button>
          ))}
        </div>
      ) : null}
    </>
  );
}
