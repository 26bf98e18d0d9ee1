// Surface response → a 3D mesh of coloured quads in a normalised box (pure). The colour scale of a
// greek surface is symmetric about zero; implied volatility uses a sequential scale.
import type { PlaneResponse } from '../../api/data';
import { divergingColor, maxAbs, sequentialColor, type RGBA } from '../shared/colors';

export const BOX = { x: 100, y: 100, z: 40 };

export interface SurfaceCell {
  polygon: [number, number, number][];
  color: RGBA;
  value: number;
  strike: number;
  expiration: string;
}

export interface SurfaceMesh {
  cells: SurfaceCell[];
  strikes: number[];
  expirations: string[];
  range: [number, number];
  diverging: boolean;
}

export function surfaceMesh(plane: PlaneResponse, isIv: boolean): SurfaceMesh {
  const strikes = plane.strikes ?? [];
  const exps = plane.expirations ?? plane.times ?? [];
  const z = plane.z ?? [];
  const flat = z.flat().filter((v): v is number => v !== null && Number.isFinite(v));
  let lo: number;
  let hi: number;
  if (isIv) {
    lo = flat.length ? Math.min(...flat) : 0;
    hi = flat.length ? Math.max(...flat) : 1;
  } else {
    const m = maxAbs(flat);
    lo = -m;
    hi = m;
  }
  const nx = Math.max(strikes.length - 1, 1);
  const ny = Math.max(exps.length - 1, 1);
  const zOf = (v: number) => (isIv ? ((v - lo) / (hi - lo || 1)) * BOX.z : (v / (hi || 1)) * (BOX.z / 2));
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
        color: isIv ? sequentialColor(mean, lo, hi) : divergingColor(mean, hi),
        value: mean,
        strike: strikes[i],
        expiration: String(exps[j]),
      });
    }
  }
  return { cells, strikes, expirations: exps.map(String), range: [lo, hi], diverging: !isIv };
}
