// Side panel: group legend ('Groups') with per-group actions, add-widget button, cog menu (Rename,
// Duplicate, Delete) and the minimap toggle (desktop only).
import { useState } from 'react';
import type { Workspace } from '../domain/types';
import { canChangeTicker, groupLegend } from './groups';
import { useDialogs } from './hooks';
import { workspacePath } from './paths';

export function SidePanel({ workspace, desktop, minimap, onToggleMinimap }: { workspace: Workspace; desktop: boolean; minimap: boolean; onToggleMinimap: () => void }) {
  const { open } = useDialogs();
  const [cog, setCog] = useState(false);
  const [groupMenu, setGroupMenu] = useState<number | null>(null);
  const legend = groupLegend(workspace.widgets);
  const base = workspacePath(workspace.id);
  return (
    <aside className="ws-side" aria-label="Workspace tools">
      <button type="button" className="btn btn-primary ws-add-widget" onClick={() => open(`${base}/new`)}>
        + Add widget
      </button>
      <div className="ws-cog">
        <button type="button" className="icon-btn" aria-label="Workspace settings" aria-haspopup="menu" onClick={() => setCog((c) => !c)}>
          ⚙
        </button>
        {cog ? (
          <div className="ws-menu" role="menu" onMouseLeave={() => setCog(false)}>
            <button type="button" role="menuitem" onClick={() => { setCog(false); open(`${base}/rename`); }}>Rename</button>
            <button type="button" role="menuitem" onClick={() => { setCog(false); open(`${base}/duplicate`); }}>Duplicate</button>
            <button type="button" role="menuitem" onClick={() => { setCog(false); open(`${base}/remove`); }}>Delete</button>
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
            <li key={g.id} data-testid="group-legend-item" data-group={g.id}>
              <button type="button" className="ws-legend-btn" aria-haspopup="menu" onClick={() => setGroupMenu(groupMenu === g.id ? null : g.id)}>
                <span className="ws-dot" style={{ background: g.color }} /> {g.name} <span className="ws-muted">{g.caption}</span>
              </button>
              {groupMenu === g.id ? (
                <div className="ws-menu" role="menu" onMouseLeave={() => setGroupMenu(null)}>
                  {canChangeTicker(g.caption) ? (
                    <button type="button" role="menuitem" onClick={() => { setGroupMenu(null); open(`${base}/group/${g.id}/edit-ticker`); }}>Change ticker</button>
                  ) : null}
                  <button type="button" role="menuitem" onClick={() => { setGroupMenu(null); open(`${base}/group/${g.id}/edit`); }}>Edit group</button>
                  <button type="button" role="menuitem" onClick={() => { setGroupMenu(null); open(`${base}/group/${g.id}/ungroup`); }}>Ungroup</button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </aside>
  );
}
