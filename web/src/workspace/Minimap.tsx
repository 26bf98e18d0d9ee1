// Minimap of the grid (desktop only): 256 px tall, row unit 50 px, column unit 20 px.
import type { Widget } from '../domain/types';
import { GRID_COLS, MINIMAP_COL_UNIT, MINIMAP_HEIGHT, minimapRects } from '../domain/grid';

export function Minimap({ widgets }: { widgets: Widget[] }) {
  const rects = minimapRects(widgets);
  const scrollTo = (id: string) => document.querySelector(`[data-widget-id="${CSS.escape(id)}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  return (
    <div className="ws-minimap" style={{ height: MINIMAP_HEIGHT, width: GRID_COLS * MINIMAP_COL_UNIT }} aria-label="Minimap" data-testid="minimap">
      <svg width={GRID_COLS * MINIMAP_COL_UNIT} height={Math.max(MINIMAP_HEIGHT, ...rects.map((r) => r.y + r.h))}>
        {rects.map((r) => {
          const w = widgets.find((x) => x.id === r.id);
          return (
            <rect key={r.id} x={r.x + 1} y={r.y + 1} width={r.w - 2} height={r.h - 2} rx={3} fill={w?.group?.color ?? '#8696c6'} fillOpacity={0.45} onClick={() => scrollTo(r.id)} />
          );
        })}
      </svg>
    </div>
  );
}
