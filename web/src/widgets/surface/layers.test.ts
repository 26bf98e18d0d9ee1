import { describe, expect, it } from 'vitest';
import { BOX, surfaceMesh } from './transform';
import { daysToExpiration, fitViewState, meshBounds, strikeX, surfaceAttributes, surfaceAxes, type Projector } from './layers';
import { surfaceValueFormat } from './format';

const plane = {
  expirations: ['2026-12-18', '2027-01-15', '2027-03-19'],
  strikes: [5800, 5900, 6000, 6100],
  z: [
    [-4e9, -1e9, 2e9, 3e9],
    [-2e9, 0, 1e9, 2e9],
    [-1e9, 5e8, 1e9, 1e9],
  ],
};

describe('surface layers', () => {
  it('hands deck.gl a pre-triangulated mesh: four vertices and two triangles per cell, colours by sign', () => {
    const mesh = surfaceMesh(plane, false);
    const b = surfaceAttributes(mesh, 'light');
    expect(b.length).toBe(6);
    expect(b.attributes.getPolygon.value).toHaveLength(6 * 4 * 3);
    expect(Array.from(b.attributes.indices.slice(0, 12))).toEqual([0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7]);
    expect(Array.from(b.startIndices.slice(0, 3))).toEqual([0, 4, 8]);
    // First vertex: -4e9, red; the last cell's third vertex: +1e9, green.
    const c = b.attributes.getFillColor.value;
    expect(c[0]).toBeGreaterThan(c[1]);
    const k = (5 * 4 + 2) * 4;
    expect(c[k + 1]).toBeGreaterThan(c[k]);
  });

  it('fits the camera to the box of the mesh', () => {
    const mesh = surfaceMesh(plane, false);
    const bounds = meshBounds(mesh);
    expect(bounds).toEqual({ min: [0, 0, -BOX.z / 2], max: [BOX.x, BOX.y, BOX.z / 2] });
    // A straight-down orthographic projection: 1 unit = 2^zoom px around the centre.
    const top: Projector = (v, w, h) => (p) => [w / 2 + (p[0] - v.target[0]) * 2 ** v.zoom, h / 2 + (p[1] - v.target[1]) * 2 ** v.zoom];
    const vs = fitViewState(bounds, 540, 300, top, { x: 20, y: 20 });
    expect(vs.target).toEqual([BOX.x / 2, BOX.y / 2, 0]);
    // The 100-unit box fits the 260 px of height left after the margins.
    expect(2 ** vs.zoom * BOX.y).toBeCloseTo(260);
  });

  it('labels strike, days to expiration and value axes', () => {
    const mesh = surfaceMesh(plane, false);
    const f = surfaceValueFormat('gamma');
    const { ticks } = surfaceAxes(mesh, '2026-11-25', f.tick, String);
    expect(ticks.filter((t) => t.axis === 'strike').map((t) => t.text)).toEqual(['5800', '5900', '6000', '6100']);
    expect(ticks.filter((t) => t.axis === 'expiration').map((t) => t.text)).toEqual(['23', '51', '114']);
    expect(ticks.filter((t) => t.axis === 'value').map((t) => t.text)).toEqual(['-$4B', '-$2B', '0', '$2B', '$4B']);
    expect(f.axisTitle).toBe('Gamma, $');
    expect(f.legendTitle).toBe('Gamma, $ delta per 1 % move');
  });

  it('reads IV served as a fraction as a percentage', () => {
    const f = surfaceValueFormat('iv');
    expect(f.withUnit(0.1834)).toBe('18.34 %');
    expect(f.tick(0.2)).toBe('20%');
  });

  it('places strikes between their columns and counts calendar days', () => {
    expect(strikeX([100, 110, 130], 120)).toBeCloseTo(0.75 * BOX.x);
    expect(strikeX([100, 110, 130], 90)).toBeNull();
    expect(daysToExpiration('2026-12-18', '2026-11-25')).toBe(23);
  });
});

describe('a surface on a tall tile (a phone stacks tiles full width)', () => {
  it('keeps the desktop box on a wide tile and gives the value axis more height on a tall one', async () => {
    const { surfaceBoxHeight } = await import('./transform');
    expect(surfaceBoxHeight(560, 300)).toBe(BOX.z);
    expect(surfaceBoxHeight(350, 380)).toBeGreaterThan(1.5 * BOX.z);
    expect(surfaceBoxHeight(350, 2000)).toBeLessThanOrEqual(2.5 * BOX.z);
    const tall = surfaceMesh(plane, false, { boxHeight: surfaceBoxHeight(350, 380) });
    const b = meshBounds(tall);
    expect(b.max[2] - b.min[2]).toBeCloseTo(surfaceBoxHeight(350, 380));
  });

  it('looks at a tall tile from higher up, so the expirations axis uses its height', async () => {
    const { rotationFor, ROTATION } = await import('./layers');
    expect(rotationFor(560, 300)).toEqual(ROTATION);
    expect(rotationFor(350, 380).rotationX).toBeGreaterThan(ROTATION.rotationX);
    expect(rotationFor(350, 2000).rotationX).toBeLessThanOrEqual(50);
  });
});

describe('room for the axis labels', () => {
  it('keeps 70 px on a desktop tile and less, never under 40 px, on a phone', async () => {
    const { surfaceMargin } = await import('./layers');
    expect(surfaceMargin(700).x).toBe(70);
    expect(surfaceMargin(350).x).toBe(42);
    expect(surfaceMargin(200).x).toBe(40);
  });
});
