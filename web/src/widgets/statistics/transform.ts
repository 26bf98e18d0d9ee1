// Statistics widgets (pure): spot–vol scatter with its regression line and current point; aggregate
// trend with the historical average.
import type { ScatterResponse, TrendResponse } from '../../api/data';

export interface Fit {
  slope: number;
  intercept: number;
}

/** Least-squares line; the slope from the server is kept when given (intercept through the means). */
export function leastSquares(xs: number[], ys: number[], slope?: number | null): Fit {
  const n = xs.length;
  if (n === 0) return { slope: slope ?? 0, intercept: 0 };
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let b = slope;
  if (b === null || b === undefined || !Number.isFinite(b)) {
    let sxy = 0;
    let sxx = 0;
    for (let i = 0; i < n; i += 1) {
      sxy += (xs[i] - mx) * (ys[i] - my);
      sxx += (xs[i] - mx) ** 2;
    }
    b = sxx ? sxy / sxx : 0;
  }
  return { slope: b, intercept: my - b * mx };
}

export interface ScatterSeries {
  x: number[];
  y: (number | null)[];
  fit: (number | null)[];
  current: (number | null)[];
  slope: number;
  intercept: number;
  rValue: number | null;
}

/**
 * uPlot needs one ascending x array: points are sorted by x, the current point is merged in as its own
 * series (null elsewhere) and the regression line is evaluated at every x.
 */
export function scatterSeries(resp: ScatterResponse): ScatterSeries {
  const pts = (resp.scatterPoints ?? []).filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
  const fit = leastSquares(pts.map((p) => p.x), pts.map((p) => p.y), resp.slope);
  const rows: { x: number; y: number | null; c: number | null }[] = pts.map((p) => ({ x: p.x, y: p.y, c: null }));
  if (resp.currentPoint && Number.isFinite(resp.currentPoint.x)) rows.push({ x: resp.currentPoint.x, y: null, c: resp.currentPoint.y });
  rows.sort((a, b) => a.x - b.x);
  return {
    x: rows.map((r) => r.x),
    y: rows.map((r) => r.y),
    current: rows.map((r) => r.c),
    fit: rows.map((r) => fit.intercept + fit.slope * r.x),
    slope: fit.slope,
    intercept: fit.intercept,
    rValue: resp.rValue ?? null,
  };
}

export interface TrendSeries {
  t: number[];
  y: number[];
  average: (number | null)[];
  historicalAverage: number | null;
  currentAggregate: number | null;
}

export function trendSeries(resp: TrendResponse): TrendSeries {
  const rows = (resp.trend ?? [])
    .map((p) => ({ t: Date.parse(`${p.x}T16:00:00Z`) / 1000, y: p.y }))
    .filter((r) => Number.isFinite(r.t))
    .sort((a, b) => a.t - b.t);
  const avg = resp.historicalAverage ?? null;
  return {
    t: rows.map((r) => r.t),
    y: rows.map((r) => r.y),
    average: rows.map(() => avg),
    historicalAverage: avg,
    currentAggregate: resp.currentAggregate ?? null,
  };
}
