// Surface response → a 3D mesh of coloured quads in a normalised box (pure). The colour scale of a
// greek surface is symmetric about zero; implied volatility uses a sequential scale.
import type { PlaneResponse } from '../../api/data';
import { divergingColor, maxAbs, sequentialColor, type RGBA } from '../shared/colors';
import { withUnit, type CsvCell, type CsvTable } from '../shared/csv';
import { exposureUnit } from '../shared/units';

export const BOX = { x: 100, y: 100, z: 40 };

export interface SurfaceCell {
  polygon: [number, number, number][];
  /** Values at the four corners, in the order of `polygon`. */
  corners: [number, number, number, number];
  color: RGBA;
  value: number;
  strike: number;
  expiration: string;
  /** Column of the strike and row of the expiration of the first corner in the decimated grid. */
  i: number;
  j: number;
}

export interface SurfaceMesh {
  cells: SurfaceCell[];
  strikes: number[];
  expirations: string[];
  /** Colour (and height) scale: [min, max] for IV, [-m, m] symmetric about zero for a greek. */
  range: [number, number];
  diverging: boolean;
  /** Height of the box for a value (the value axis). */
  zOf: (v: number) => number;
}

type Grid = (number | null | undefined)[][];

const finite = (v: number | null | undefined): v is number => v !== null && v !== undefined && Number.isFinite(v);

/**
 * Close the gaps of a strike grid so the surface draws as one sheet. Expirations list different
 * strikes (0DTE every 5 points, LEAPS every 100), so the union of strikes leaves holes in every row.
 * Inside a row's listed range a hole is filled: implied volatility by linear interpolation in strike,
 * a greek exposure with 0 (an unlisted strike carries no position). Outside it stays empty. Then the
 * strike axis is cut to the columns that at least half of the expirations reach, so the far strikes
 * only long-dated expirations list do not float as separate pieces.
 */
export function closeGrid(strikes: number[], z: Grid, isIv: boolean, minShare = 0.5): { strikes: number[]; z: (number | null)[][] } {
  const rows = z.map((row) => {
    const out: (number | null)[] = strikes.map((_, i) => (finite(row?.[i]) ? (row[i] as number) : null));
    const idx = out.flatMap((v, i) => (v === null ? [] : [i]));
    for (let k = 0; k + 1 < idx.length; k += 1) {
      const [a, b] = [idx[k], idx[k + 1]];
      for (let i = a + 1; i < b; i += 1) {
        const w = (strikes[i] - strikes[a]) / (strikes[b] - strikes[a] || 1);
        out[i] = isIv ? (out[a] as number) + w * ((out[b] as number) - (out[a] as number)) : 0;
      }
    }
    return out;
  });
  if (!rows.length || !strikes.length) return { strikes, z: rows };
  const need = Math.max(1, Math.ceil(rows.length * minShare));
  const covered = strikes.map((_, i) => rows.filter((r) => r[i] !== null).length >= need);
  const first = covered.indexOf(true);
  const last = covered.lastIndexOf(true);
  if (first < 0) return { strikes: [], z: rows.map(() => []) };
  return { strikes: strikes.slice(first, last + 1), z: rows.map((r) => r.slice(first, last + 1)) };
}

/** At most `max` evenly spaced indices of 0..n-1, always keeping the first and the last. */
export function decimateIndices(n: number, max: number): number[] {
  const m = Math.max(2, Math.floor(max));
  if (n <= m) return Array.from({ length: n }, (_, i) => i);
  const out: number[] = [];
  for (let k = 0; k < m; k += 1) {
    const i = Math.round((k * (n - 1)) / (m - 1));
    if (out[out.length - 1] !== i) out.push(i);
  }
  return out;
}

export interface MeshLimits {
  /** Most strike columns / expiration rows drawn (the mesh is decimated to what the pixels can show). */
  maxStrikes?: number;
  maxExpirations?: number;
  /** Height of the value axis in world units (default BOX.z; see surfaceBoxHeight). */
  boxHeight?: number;
}

/**
 * Height of the value axis for a tile of `width` × `height` px. The box is fitted to the tile by its width,
 * so on a tile taller than it is wide (a phone stacks tiles full width) the desktop box would leave empty
 * bands above and below: the value axis grows with the tile's height/width beyond 0.6, at most 2.5 times.
 */
export function surfaceBoxHeight(width: number, height: number): number {
  const aspect = width > 0 ? height / width : 0;
  return BOX.z * Math.min(2.5, Math.max(1, aspect / 0.6));
}

export function surfaceMesh(plane: PlaneResponse, isIv: boolean, limits: MeshLimits = {}): SurfaceMesh {
  const allExps = plane.expirations ?? plane.times ?? [];
  const closed = closeGrid(plane.strikes ?? [], plane.z ?? [], isIv);
  const si = decimateIndices(closed.strikes.length, limits.maxStrikes ?? Infinity);
  const ei = decimateIndices(allExps.length, limits.maxExpirations ?? Infinity);
  const strikes = si.map((i) => closed.strikes[i]);
  const exps = ei.map((j) => allExps[j]);
  const z = ei.map((j) => si.map((i) => closed.z[j]?.[i] ?? null));
  // The colour scale spans the whole plane, not only the points kept by the decimation.
  const flat = closed.z.flat().filter((v): v is number => v !== null && Number.isFinite(v));
  let lo: number;
  let hi: number;
  if (isIv) {
    lo = flat.length ? flat.reduce((a, b) => Math.min(a, b), Infinity) : 0;
    hi = flat.length ? flat.reduce((a, b) => Math.max(a, b), -Infinity) : 1;
  } else {
    const m = maxAbs(flat);
    lo = -m;
    hi = m;
  }
  const nx = Math.max(strikes.length - 1, 1);
  const ny = Math.max(exps.length - 1, 1);
  const boxZ = limits.boxHeight ?? BOX.z;
  const zOf = (v: number) => (isIv ? ((v - lo) / (hi - lo || 1)) * boxZ : (v / (hi || 1)) * (boxZ / 2));
  const px = (i: number) => (i / nx) * BOX.x;
  const py = (j: number) => (j / ny) * BOX.y;
  const cells: SurfaceCell[] = [];
  for (let j = 0; j < exps.length - 1; j += 1) {
    for (let i = 0; i < strikes.length - 1; i += 1) {
      const corners = [z[j]?.[i], z[j]?.[i + 1], z[j + 1]?.[i + 1], z[j + 1]?.[i]];
      if (corners.some((v) => v === null || v === undefined || !Number.isFinite(v))) continue;
      const [a, b, c, d] = corners as number[];
      const mean = (a + b + c + d) / 4;
      cells.push({
        polygon: [
          [px(i), py(j), zOf(a)],
          [px(i + 1), py(j), zOf(b)],
          [px(i + 1), py(j + 1), zOf(c)],
          [px(i), py(j + 1), zOf(d)],
        ],
        corners: [a, b, c, d],
        color: isIv ? sequentialColor(mean, lo, hi) : divergingColor(mean, hi),
        value: mean,
        // The cell reads as its lower-left corner: the strike and expiration of a grid point.
        strike: strikes[i],
        expiration: String(exps[j]),
        i,
        j,
      });
    }
  }
  return { cells, strikes, expirations: exps.map(String), range: [lo, hi], diverging: !isIv, zOf };
}

/**
 * A surface's numbers: every grid point the route answered (expiration, strike, value), as served — the
 * holes the drawing fills between listed strikes are not numbers of the route and are left out. IV is the
 * served fraction.
 */
export function surfaceCsv(plane: PlaneResponse, isIv: boolean): CsvTable {
  const rows: CsvCell[][] = [];
  const exps = plane.expirations ?? plane.times ?? [];
  const strikes = plane.strikes ?? [];
  (plane.z ?? []).forEach((row, j) => row.forEach((v, i) => (finite(v) ? rows.push([exps[j], strikes[i], v]) : null)));
  const name = isIv ? 'iv' : plane.greek ?? 'value';
  const unit = plane.unit?.unit ?? (isIv ? 'fraction (0.2 = 20 %)' : exposureUnit(name));
  return { columns: ['expiration', 'strike (price points)', withUnit(name, unit)], rows };
}
