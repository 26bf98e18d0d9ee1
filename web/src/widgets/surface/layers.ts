// Pure builders for the deck.gl surface: the binary mesh attributes (already triangulated, so deck.gl
// never runs its polygon tessellator on the main thread), the camera fitted to the mesh, and the axis
// ticks of strike, days to expiration and value.
import { BOX, decimateIndices, type SurfaceMesh } from './transform';
import { colorAtPosition, divergingPosition, niceTicks, type ThemeMode } from '../shared/scales';
import { sequentialColor } from '../shared/colors';

export type Vec3 = [number, number, number];

export interface Bounds {
  min: Vec3;
  max: Vec3;
}

/** The box the mesh is drawn in: strikes along x, expirations along y, value along z. */
export function meshBounds(mesh: SurfaceMesh): Bounds {
  const [lo, hi] = mesh.range;
  const z0 = mesh.zOf(lo);
  const z1 = mesh.zOf(hi);
  return { min: [0, 0, Math.min(z0, z1)], max: [BOX.x, BOX.y, Math.max(z0, z1)] };
}

export const ROTATION = { rotationX: 30, rotationOrbit: -30 };

/** Room kept for the axis labels around the fitted box: 70 px each side, less on a narrow tile (12 % of its
 * width, at least 40 px) where fixed margins would leave the box a third of the tile. */
export function surfaceMargin(width: number): { x: number; y: number } {
  return { x: Math.round(Math.min(70, Math.max(40, width * 0.12))), y: 46 };
}

/** The first view of a tile: the desktop angle, looked at from higher up (at most 50°) on a tile taller
 * than 0.75 of its width, so the expirations axis takes more of the height. */
export function rotationFor(width: number, height: number): typeof ROTATION {
  const aspect = width > 0 ? height / width : 0;
  if (aspect <= 0.75) return ROTATION;
  return { ...ROTATION, rotationX: Math.min(50, ROTATION.rotationX + (aspect - 0.75) * 50) };
}

export interface OrbitViewState {
  target: Vec3;
  zoom: number;
  rotationX: number;
  rotationOrbit: number;
  minZoom: number;
  maxZoom: number;
}

/** Projects a world point to screen pixels for a view state (supplied by the caller: deck.gl's viewport). */
export type Projector = (viewState: OrbitViewState, width: number, height: number) => (p: Vec3) => [number, number] | [number, number, number];

/** The corners of a box. */
export function boxCorners({ min, max }: Bounds): Vec3[] {
  const out: Vec3[] = [];
  for (const x of [min[0], max[0]]) for (const y of [min[1], max[1]]) for (const z of [min[2], max[2]]) out.push([x, y, z]);
  return out;
}

/**
 * Camera fitted to the mesh: the target is the centre of its box and the zoom makes the box (with room
 * for the axis labels) fill the widget. The view is orthographic, so the projected size scales with
 * 2^zoom exactly and one measurement at zoom 0 is enough.
 */
export function fitViewState(bounds: Bounds, width: number, height: number, project: Projector, margin = surfaceMargin(width)): OrbitViewState {
  const target: Vec3 = [0, 1, 2].map((k) => (bounds.min[k] + bounds.max[k]) / 2) as Vec3;
  const base: OrbitViewState = { target, zoom: 0, ...rotationFor(width, height), minZoom: -4, maxZoom: 8 };
  const p = project(base, width, height);
  const pts = boxCorners(bounds).map(p);
  const w = Math.max(...pts.map((q) => q[0])) - Math.min(...pts.map((q) => q[0]));
  const h = Math.max(...pts.map((q) => q[1])) - Math.min(...pts.map((q) => q[1]));
  const fit = Math.min(Math.max(40, width - 2 * margin.x) / (w || 1), Math.max(30, height - 2 * margin.y) / (h || 1));
  const zoom = Math.log2(fit);
  return { ...base, zoom, minZoom: zoom - 2, maxZoom: zoom + 4 };
}

export interface BinarySurface {
  length: number;
  startIndices: Uint32Array;
  attributes: {
    getPolygon: { value: Float32Array; size: 3 };
    getFillColor: { value: Uint8Array; size: 4; normalized: true };
    indices: Uint32Array;
  };
}

/**
 * The mesh as binary attributes of a SolidPolygonLayer: four vertices per cell, two triangles each
 * (given as indices), and one colour per vertex, so the colour varies smoothly across a cell.
 * Greek surfaces use the diverging scale symmetric about zero (coloured by sign); IV a sequential one.
 */
export function surfaceAttributes(mesh: SurfaceMesh, theme: ThemeMode): BinarySurface {
  const n = mesh.cells.length;
  const positions = new Float32Array(n * 12);
  const colors = new Uint8Array(n * 16);
  const startIndices = new Uint32Array(n + 1);
  const indices = new Uint32Array(n * 6);
  const [lo, hi] = mesh.range;
  for (let k = 0; k < n; k += 1) {
    const cell = mesh.cells[k];
    startIndices[k] = 4 * k;
    for (let v = 0; v < 4; v += 1) {
      const p = cell.polygon[v];
      positions.set(p, 12 * k + 3 * v);
      const value = cell.corners[v];
      const c = mesh.diverging ? colorAtPosition(divergingPosition(value, hi), theme) : sequentialColor(value, lo, hi);
      colors.set(c, 16 * k + 4 * v);
    }
    indices.set([4 * k, 4 * k + 1, 4 * k + 2, 4 * k, 4 * k + 2, 4 * k + 3], 6 * k);
  }
  startIndices[n] = 4 * n;
  return {
    length: n,
    startIndices,
    attributes: { getPolygon: { value: positions, size: 3 }, getFillColor: { value: colors, size: 4, normalized: true }, indices },
  };
}

export interface AxisTick {
  axis: 'strike' | 'expiration' | 'value';
  /** Where the tick meets the box edge, and where its label sits (offset outwards). */
  at: Vec3;
  label: Vec3;
  text: string;
}

export interface AxisLine {
  axis: AxisTick['axis'];
  from: Vec3;
  to: Vec3;
}

/** Whole days from the as-of date to an expiration date (both read as calendar dates). */
export function daysToExpiration(expiration: string, asOfDate: string): number | null {
  const e = Date.parse(`${expiration.slice(0, 10)}T00:00:00Z`);
  const a = Date.parse(`${asOfDate.slice(0, 10)}T00:00:00Z`);
  if (!Number.isFinite(e) || !Number.isFinite(a)) return null;
  return Math.round((e - a) / 86_400_000);
}

/** x of a strike on the mesh: strikes sit at evenly spaced columns, so interpolate between neighbours. */
export function strikeX(strikes: number[], s: number): number | null {
  const n = strikes.length;
  if (n < 2 || s < strikes[0] || s > strikes[n - 1]) return n === 1 && s === strikes[0] ? 0 : null;
  let i = 0;
  while (i < n - 2 && strikes[i + 1] < s) i += 1;
  const w = (s - strikes[i]) / (strikes[i + 1] - strikes[i] || 1);
  return ((i + w) / (n - 1)) * BOX.x;
}

/**
 * Ticks and lines of the three axes, on the edges the default camera sees in front of the mesh: strike
 * along the front edge (y = 0) and days to expiration along the right edge (x = max), both at the floor
 * of the box, and value up the front-left corner.
 */
export function surfaceAxes(
  mesh: SurfaceMesh,
  asOfDate: string,
  formatValue: (v: number) => string,
  formatStrike: (v: number) => string,
): { ticks: AxisTick[]; lines: AxisLine[]; titles: { axis: AxisTick['axis']; at: Vec3 }[] } {
  const { min, max } = meshBounds(mesh);
  const floor = min[2];
  const ticks: AxisTick[] = [];
  const s = mesh.strikes;
  if (s.length) {
    for (const v of niceTicks(s[0], s[s.length - 1], 5)) {
      const x = strikeX(s, v);
      if (x !== null) ticks.push({ axis: 'strike', at: [x, 0, floor], label: [x, -9, floor], text: formatStrike(v) });
    }
  }
  const e = mesh.expirations;
  const ny = Math.max(e.length - 1, 1);
  for (const j of decimateIndices(e.length, 5)) {
    const d = daysToExpiration(e[j], asOfDate);
    const y = (j / ny) * BOX.y;
    ticks.push({ axis: 'expiration', at: [max[0], y, floor], label: [max[0] + 8, y, floor], text: d === null ? e[j] : `${d}` });
  }
  const [lo, hi] = mesh.range;
  for (const v of niceTicks(lo, hi, 4)) {
    const z = mesh.zOf(v);
    ticks.push({ axis: 'value', at: [0, 0, z], label: [-7, -7, z], text: formatValue(v) });
  }
  const lines: AxisLine[] = [
    { axis: 'strike', from: [0, 0, floor], to: [max[0], 0, floor] },
    { axis: 'expiration', from: [max[0], 0, floor], to: [max[0], max[1], floor] },
    { axis: 'value', from: [0, 0, floor], to: [0, 0, max[2]] },
  ];
  const titles = [
    { axis: 'strike' as const, at: [max[0] / 2, -22, floor] as Vec3 },
    { axis: 'expiration' as const, at: [max[0] + 36, max[1] / 2, floor] as Vec3 },
    { axis: 'value' as const, at: [0, 0, max[2] + 7] as Vec3 },
  ];
  return { ticks, lines, titles };
}
