// Minimap of the grid (desktop only): 256 px tall, row unit 50 px, column unit 20 px. The frame's 1 px
// border sits outside the 240 px drawing area, and a layout taller than the frame is scaled down to fit
// (never scrolled or clipped): every tile is drawn inside the frame.
import type { Widget } from '../domain/types';
import { GRID_COLS, MINIMAP_COL_UNIT, MINIMAP_HEIGHT, minimapRects } from '../domain/grid';

const BORDER = 1;

export function Minimap({ widgets }: { widgets: Widget[] }) {
  const rects = minimapRects(widgets);
  const width = GRID_COLS * MINIMAP_COL_UNIT;
  const height = MINIMAP_HEIGHT - 2 * BORDER;
  const contentHeight = Math.max(height, ...rects.map((r) => r.y + r.h));
  const scrollTo = (id: string) => document.querySelector(`[data-widget-id="${CSS.escape(id)}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  return (
    <div className="ws-minimap" style={{ height: MINIMAP_HEIGHT, width: width + 2 * BORDER, overflow: 'hidden' }} aria-label="Minimap" data-testid="minimap">
      <svg width={width} height={height} viewBox={`0 0 ${width} ${contentHeight}`} preserveAspectRatio="xMinYMin meet" style={{ display: 'block' }}>
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
