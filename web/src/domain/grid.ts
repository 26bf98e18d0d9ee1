// Grid constants and the one pair of functions converting the saved layout to react-grid-layout's
// layout and back (app spec §9). Everything about widget geometry lives in this module; the sizes of each
// widget type are the widget kinds table's (generated into ../api/enums.ts).
import { WIDGET_SIZES as TABLE_SIZES } from '../api/enums';
import type { Position, Widget, WidgetSize, WidgetType } from './types';
import { BREAKPOINTS, TABLET_BELOW } from './breakpoints';

export const GRID_COLS = 12;
/** Row height (px), app spec §9, on every screen: a viewport shorter than a tile scrolls. */
export const GRID_ROW_HEIGHT = 300;
export const GRID_MARGIN: [number, number] = [12, 12];
/** Small layouts (xs, xxs, sm) are this many columns wide and every widget takes the full width. */
export const SMALL_COLS = 3;
/** Under this width (px) the screen is mobile: full-width widgets, no minimap. */
export const MOBILE_MAX = BREAKPOINTS.md;
export const TABLET_MAX = TABLET_BELOW;

export const MINIMAP_HEIGHT = 256;
export const MINIMAP_ROW_UNIT = 50;
export const MINIMAP_COL_UNIT = 20;
export const DRAWER_WIDTH = 240;
export const DRAG_ACTIVATION_PX = 5;
export const HIGHLIGHT_MS = 4000;
export const NEW_WIDGET_EVENT_DELAY_MS = 100;

export interface Size {
  w: number;
  h: number;
}

/** Width x height in grid units per widget type and size: the widget kinds table (api/workspaces/kinds.py). */
export const WIDGET_SIZES: Record<WidgetType, Partial<Record<WidgetSize, Size>>> = Object.fromEntries(
  Object.entries(TABLE_SIZES).map(([type, sizes]) => [type, Object.fromEntries(Object.entries(sizes).map(([size, [w, h]]) => [size, { w, h }]))]),
) as Record<WidgetType, Partial<Record<WidgetSize, Size>>>;

export function availableSizes(type: WidgetType): WidgetSize[] {
  return (['S', 'M', 'L'] as WidgetSize[]).filter((s) => WIDGET_SIZES[type]?.[s]);
}

/** Grid units of a widget; `small` is the mobile layout (TICKER L is taller there). */
export function sizeOf(type: WidgetType, size: WidgetSize, small = false): Size {
  const table = WIDGET_SIZES[type] ?? {};
  const s = table[size] ?? table[availableSizes(type)[0]] ?? { w: 6, h: 2 };
  if (small) {
    const h = type === 'TICKER' && size === 'L' ? 2 : s.h;
    return { w: SMALL_COLS, h };
  }
  return { w: Math.min(s.w, GRID_COLS), h: s.h };
}

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function rectOf(w: Pick<Widget, 'type' | 'size' | 'position'>, cols = GRID_COLS): Rect {
  const s = sizeOf(w.type, w.size);
  const width = Math.min(s.w, cols);
  return { x: Math.max(0, Math.min(w.position?.x ?? 0, cols - width)), y: Math.max(0, w.position?.y ?? 0), w: width, h: s.h };
}

/** First free slot of a w x h box scanning rows from the top, then columns from the left. */
export function firstFreeSlot(occupied: Rect[], size: Size, cols = GRID_COLS): Position {
  const w = Math.min(size.w, cols);
  const bottom = occupied.reduce((m, r) => Math.max(m, r.y + r.h), 0);
  for (let y = 0; y <= bottom; y += 1) {
    for (let x = 0; x + w <= cols; x += 1) {
      const candidate = { x, y, w, h: size.h };
      if (!occupied.some((r) => overlaps(r, candidate))) return { x, y };
    }
  }
  return { x: 0, y: bottom };
}

/** Position for a new widget of the given type and size among the existing ones. */
export function placeNewWidget(widgets: Widget[], type: WidgetType, size: WidgetSize): Position {
  return firstFreeSlot(widgets.map((w) => rectOf(w)), sizeOf(type, size));
}

function byPosition(a: Widget, b: Widget): number {
  return (a.position?.y ?? 0) - (b.position?.y ?? 0) || (a.position?.x ?? 0) - (b.position?.x ?? 0);
}

/**
 * Re-flow after a size change or a removal: widgets keep their column and order and move up as far
 * as they can without overlapping the widgets above them (a grown widget pushes the ones below down).
 * Widths are capped at the column count.
 */
export function reflow(widgets: Widget[]): Widget[] {
  const placed: Rect[] = [];
  const out = new Map<string, Widget>();
  for (const widget of [...widgets].sort(byPosition)) {
    const r = rectOf(widget);
    let y = 0;
    while (placed.some((p) => overlaps(p, { ...r, y }))) y += 1;
    placed.push({ ...r, y });
    out.set(widget.id, { ...widget, position: { x: r.x, y } });
  }
  return widgets.map((w) => out.get(w.id) as Widget);
}

/** Item of react-grid-layout's layout. */
export interface GridItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
  isResizable?: boolean;
}

/**
 * Saved layout → react-grid-layout layout. On small screens every widget is full width and the
 * widgets are stacked in their reading order.
 */
export function toGridLayout(widgets: Widget[], small = false): GridItem[] {
  if (!small) {
    return widgets.map((w) => {
      const r = rectOf(w);
      return { i: String(w.id), x: r.x, y: r.y, w: r.w, h: r.h, isResizable: false };
    });
  }
  let y = 0;
  return [...widgets].sort(byPosition).map((w) => {
    const s = sizeOf(w.type, w.size, true);
    const item = { i: String(w.id), x: 0, y, w: s.w, h: s.h, isResizable: false };
    y += s.h;
    return item;
  });
}

/**
 * react-grid-layout layout → saved layout: the widgets with the positions of the layout items.
 * The small (mobile) layout never writes back, so the desktop arrangement is kept.
 */
export function fromGridLayout(layout: readonly GridItem[], widgets: Widget[]): Widget[] {
  const byId = new Map(layout.map((item) => [item.i, item]));
  return widgets.map((w) => {
    const item = byId.get(String(w.id));
    return item ? { ...w, position: { x: item.x, y: item.y } } : w;
  });
}

/** True when the widgets' positions differ between two lists (same ids). */
export function positionsChanged(before: Widget[], after: Widget[]): boolean {
  const map = new Map(before.map((w) => [w.id, w.position]));
  return after.some((w) => {
    const p = map.get(w.id);
    return !p || p.x !== w.position.x || p.y !== w.position.y;
  });
}

/** Minimap rectangles in px for a layout (row unit 50, column unit 20). */
export function minimapRects(widgets: Widget[]): (Rect & { id: string })[] {
  return widgets.map((w) => {
    const r = rectOf(w);
    return { id: w.id, x: r.x * MINIMAP_COL_UNIT, y: r.y * MINIMAP_ROW_UNIT, w: r.w * MINIMAP_COL_UNIT, h: r.h * MINIMAP_ROW_UNIT };
  });
}

export type ScreenClass = 'mobile' | 'tablet' | 'desktop';

/** The spec's screen classes (app §9): under 768 px mobile, under 1024 px tablet. */
export function screenClass(width: number): ScreenClass {
  if (width < MOBILE_MAX) return 'mobile';
  if (width < TABLET_MAX) return 'tablet';
  return 'desktop';
}
