// The minimap draws every tile inside its frame: a tile at the far right and far bottom of a long
// layout stays within the frame's drawing area (no clipping by the frame's border or scroll bars).
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Widget } from '../domain/types';
import { GRID_COLS, MINIMAP_COL_UNIT, MINIMAP_HEIGHT } from '../domain/grid';
import { Minimap } from './Minimap';

const w = (id: string, x: number, y: number): Widget =>
  ({ id, name: null, type: 'CHART', size: 'M', configuration: { ticker: 'SPX' }, position: { x, y } }) as unknown as Widget;

function drawn(svg: SVGSVGElement) {
  const [vx, vy, vw, vh] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
  const width = Number(svg.getAttribute('width'));
  const height = Number(svg.getAttribute('height'));
  const scale = Math.min(width / vw, height / vh);
  return Array.from(svg.querySelectorAll('rect')).map((r) => ({
    left: (Number(r.getAttribute('x')) - vx) * scale,
    top: (Number(r.getAttribute('y')) - vy) * scale,
    right: (Number(r.getAttribute('x')) + Number(r.getAttribute('width')) - vx) * scale,
    bottom: (Number(r.getAttribute('y')) + Number(r.getAttribute('height')) - vy) * scale,
    width,
    height,
  }));
}

describe('minimap', () => {
  it('keeps a tile at the far right and bottom of a long grid inside the frame', () => {
    const widgets = [w('a', 0, 0), w('b', 6, 0), w('c', 0, 9), w('far', 6, 12)];
    render(<Minimap widgets={widgets} />);
    const frame = screen.getByTestId('minimap');
    // The frame's drawing area: its size without the 1 px border on each side.
    const innerWidth = GRID_COLS * MINIMAP_COL_UNIT;
    const innerHeight = MINIMAP_HEIGHT - 2;
    expect(frame.style.overflow).toBe('hidden');
    const svg = frame.querySelector('svg')!;
    expect(Number(svg.getAttribute('width'))).toBeLessThanOrEqual(innerWidth);
    expect(Number(svg.getAttribute('height'))).toBeLessThanOrEqual(innerHeight);
    const rects = drawn(svg);
    expect(rects).toHaveLength(4);
    for (const r of rects) {
      expect(r.left).toBeGreaterThanOrEqual(0);
      expect(r.top).toBeGreaterThanOrEqual(0);
      expect(r.right).toBeLessThanOrEqual(r.width);
      expect(r.bottom).toBeLessThanOrEqual(r.height);
    }
  });

  it('a short layout keeps the spec units (row 50 px, column 20 px)', () => {
    render(<Minimap widgets={[w('a', 3, 1)]} />);
    const svg = screen.getByTestId('minimap').querySelector('svg')!;
    const [r] = drawn(svg);
    expect(r.left).toBe(3 * MINIMAP_COL_UNIT + 1);
    expect(r.top).toBe(50 + 1);
  });
});
