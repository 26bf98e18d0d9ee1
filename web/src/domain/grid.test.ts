import { describe, expect, it } from 'vitest';
import {
  GRID_COLS,
  firstFreeSlot,
  fromGridLayout,
  minimapRects,
  placeNewWidget,
  reflow,
  sizeOf,
  toGridLayout,
} from './grid';
import type { Widget } from './types';

const w = (id: string, type: Widget['type'], size: Widget['size'], x: number, y: number): Widget => ({
  id,
  name: null,
  type,
  size,
  configuration: { ticker: 'SPX' },
  position: { x, y },
});

describe('widget sizes', () => {
  it('follows the size table of the spec', () => {
    expect(sizeOf('CHART', 'S')).toEqual({ w: 6, h: 2 });
    expect(sizeOf('CHART', 'M')).toEqual({ w: 9, h: 3 });
    expect(sizeOf('CHART', 'L')).toEqual({ w: 12, h: 3 });
    expect(sizeOf('TICKER', 'L')).toEqual({ w: 6, h: 1 });
    expect(sizeOf('SCREENER', 'M')).toEqual({ w: 6, h: 2 });
    expect(sizeOf('AGGREGATE', 'S')).toEqual({ w: 2, h: 1 });
    expect(sizeOf('INTRO', 'S')).toEqual({ w: 6, h: 2 });
  });
  it('is full width (3 columns) on small screens, with the taller ticker L', () => {
    expect(sizeOf('CHART', 'L', true)).toEqual({ w: 3, h: 3 });
    expect(sizeOf('TICKER', 'L', true)).toEqual({ w: 3, h: 2 });
    expect(sizeOf('TICKER', 'S', true)).toEqual({ w: 3, h: 1 });
  });
});

describe('first free slot', () => {
  it('starts at the top-left of an empty grid', () => {
    expect(firstFreeSlot([], { w: 6, h: 2 })).toEqual({ x: 0, y: 0 });
  });
  it('fills the right half of the first row before going down', () => {
    const widgets = [w('a', 'CHART', 'S', 0, 0)];
    expect(placeNewWidget(widgets, 'CHART', 'S')).toEqual({ x: 6, y: 0 });
  });
  it('scans rows from the top and finds a hole', () => {
    const widgets = [w('a', 'CHART', 'S', 0, 0), w('b', 'CHART', 'S', 6, 0), w('c', 'CHART', 'S', 6, 2)];
    expect(placeNewWidget(widgets, 'CHART', 'S')).toEqual({ x: 0, y: 2 });
    expect(placeNewWidget(widgets, 'AGGREGATE', 'S')).toEqual({ x: 0, y: 2 });
  });
  it('goes below everything when no row has room', () => {
    const widgets = [w('a', 'CHART', 'L', 0, 0)];
    expect(placeNewWidget(widgets, 'CHART', 'L')).toEqual({ x: 0, y: 3 });
  });
});

describe('re-flow', () => {
  it('moves widgets up when one above is removed', () => {
    const widgets = [w('b', 'CHART', 'S', 0, 2), w('c', 'CHART', 'S', 6, 4)];
    const out = reflow(widgets);
    expect(out.map((x) => x.position)).toEqual([{ x: 0, y: 0 }, { x: 6, y: 0 }]);
  });
  it('pushes widgets below down when a widget grows', () => {
    const widgets = [w('a', 'CHART', 'L', 0, 0), w('b', 'CHART', 'S', 0, 2)];
    const out = reflow(widgets);
    expect(out.find((x) => x.id === 'b')?.position).toEqual({ x: 0, y: 3 });
    expect(out.find((x) => x.id === 'a')?.position).toEqual({ x: 0, y: 0 });
  });
  it('caps width at the column count by moving x left', () => {
    const out = reflow([w('a', 'CHART', 'M', 8, 0)]);
    expect(out[0].position.x + sizeOf('CHART', 'M').w).toBeLessThanOrEqual(GRID_COLS);
  });
  it('keeps the input order of the list', () => {
    const out = reflow([w('z', 'CHART', 'S', 0, 4), w('y', 'CHART', 'S', 0, 0)]);
    expect(out.map((x) => x.id)).toEqual(['z', 'y']);
    expect(out[0].position.y).toBe(2);
  });
});

describe('layout conversion', () => {
  const widgets = [w('a', 'CHART', 'S', 0, 0), w('b', 'TICKER', 'L', 6, 0), w('c', 'AGGREGATE', 'S', 0, 2)];
  it('converts to react-grid-layout items with sizes', () => {
    expect(toGridLayout(widgets)).toEqual([
      { i: 'a', x: 0, y: 0, w: 6, h: 2, isResizable: false },
      { i: 'b', x: 6, y: 0, w: 6, h: 1, isResizable: false },
      { i: 'c', x: 0, y: 2, w: 2, h: 1, isResizable: false },
    ]);
  });
  it('stacks full-width items on small screens', () => {
    const small = toGridLayout(widgets, true);
    expect(small.map((i) => [i.i, i.x, i.y, i.w, i.h])).toEqual([
      ['a', 0, 0, 3, 2],
      ['b', 0, 2, 3, 2],
      ['c', 0, 4, 3, 1],
    ]);
  });
  it('round-trips and writes back dragged positions', () => {
    const layout = toGridLayout(widgets);
    expect(fromGridLayout(layout, widgets)).toEqual(widgets);
    const moved = layout.map((i) => (i.i === 'c' ? { ...i, x: 2, y: 1 } : i));
    expect(fromGridLayout(moved, widgets).find((x) => x.id === 'c')?.position).toEqual({ x: 2, y: 1 });
  });
  it('draws the minimap with row unit 50 and column unit 20', () => {
    expect(minimapRects([w('a', 'CHART', 'S', 6, 2)])[0]).toEqual({ id: 'a', x: 120, y: 100, w: 120, h: 100 });
  });
});
