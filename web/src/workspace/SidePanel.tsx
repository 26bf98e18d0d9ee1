// Side panel: group legend ('Groups') with per-group actions, add-widget button, cog menu (Rename,
// Duplicate, Delete) and the minimap toggle (desktop only).
import { useState } from 'react';
import { useMenuButton } from '../components/useMenuButton';
import type { Workspace } from '../domain/types';
import { canChangeTicker, groupLegend } from './groups';
import { useDialogs } from './hooks';
import { workspacePath } from './paths';

export function SidePanel({ workspace, desktop, minimap, onToggleMinimap }: { workspace: Workspace; desktop: boolean; minimap: boolean; onToggleMinimap: () => void }) {
  const { open } = useDialogs();
  const [cog, setCog] = useState(false);
  const [groupMenu, setGroupMenu] = useState<number | null>(null);
  const cogMenu = useMenuButton(cog, setCog);
  const legend = groupLegend(workspace.widgets);
  const base = workspacePath(workspace.id);
  return (
    <aside className="ws-side" aria-label="Workspace tools">
      <button type="button" className="btn btn-primary ws-add-widget" onClick={() => open(`${base}/new`)}>
        + Add widget
      </button>
      <div className="ws-cog">
        <button type="button" className="icon-btn" aria-label="Workspace settings" {...cogMenu.buttonProps}>
          ⚙
        </button>
        {cog ? (
          <div className="ws-menu" aria-label="Workspace settings" {...cogMenu.menuProps}>
            <button type="button" role="menuitem" tabIndex={-1} onClick={() => { setCog(false); open(`${base}/rename`); }}>Rename</button>
            <button type="button" role="menuitem" tabIndex={-1} onClick={() => { setCog(false); open(`${base}/duplicate`); }}>Duplicate</button>
            <button type="button" role="menuitem" tabIndex={-1} onClick={() => { setCog(false); open(`${base}/remove`); }}>Delete</button>
          </div>
        ) : null}
      </div>
      {desktop ? (
        <label className="ws-check">
          <input type="checkbox" checked={minimap} onChange={onToggleMinimap} /> Minimap
        </label>
      ) : null}
      <section className="ws-legend" aria-label="Groups">
        <h4>Groups</h4>
        {legend.length === 0 ? <p className="ws-muted">No groups yet</p> : null}
        <ul>
          {legend.map((g) => (
            <GroupLegendItem key={g.id} group={g} open={groupMenu === g.id} setOpen={(o) => setGroupMenu(o ? g.id : null)} onAction={(path) => { setGroupMenu(null); open(`${base}/group/${g.id}/${path}`); }} />
          ))}
        </ul>
      </section>
    </aside>
  );
}

function GroupLegendItem({ group: g, open, setOpen, onAction }: { group: ReturnType<typeof groupLegend>[number]; open: boolean; setOpen: (open: boolean) => void; onAction: (path: string) => void }) {
  const menu = useMenuButton(open, setOpen);
  return (
    <li data-testid="group-legend-item" data-group={g.id}>
      <button type="button" className="ws-legend-btn" {...menu.buttonProps}>
        <span className="ws-dot" style={{ background: g.color }} /> {g.name} <span className="ws-muted">{g.caption}</span>
      </button>
      {open ? (
        <div className="ws-menu" aria-label={`Group ${g.name}`} {...menu.menuProps}>
          {canChangeTicker(g.caption) ? (
            <button type="button" role="menuitem" tabIndex={-1} onClick={() => onAction('edit-ticker')}>Change ticker</button>
          ) : null}
          <button type="button" role="menuitem" tabIndex={-1} onClick={() => onAction('edit')}>Edit group</button>
          <button type="button" role="menuitem" tabIndex={-1} onClick={() => onAction('ungroup')}>Ungroup</button>
        </div>
      ) : null}
    </li>
  );
}
