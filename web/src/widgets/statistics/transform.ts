// Statistics widgets (pure): spot–vol scatter with its regression line and current point; aggregate
// trend with the historical average.
import type { ScatterResponse, TrendResponse } from '../../api/data';

export interface ScatterSeries {
  x: number[];
  y: (number | null)[];
  fit: (number | null)[];
  current: (number | null)[];
  slope: number | null;
  intercept: number | null;
  rValue: number | null;
}

/**
 * uPlot needs one ascending x array: points are sorted by x, the current point is merged in as its own
 * series (null elsewhere) and the server's regression line (slope and intercept, methodology §4.7) is
 * evaluated at every x. The line is never refitted here: without a served fit there is no line.
 */
export function scatterSeries(resp: ScatterResponse): ScatterSeries {
  const pts = (resp.scatterPoints ?? []).filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
  const slope = Number.isFinite(resp.slope) ? (resp.slope as number) : null;
  const intercept = Number.isFinite(resp.intercept) ? (resp.intercept as number) : null;
  const rows: { x: number; y: number | null; c: number | null }[] = pts.map((p) => ({ x: p.x, y: p.y, c: null }));
  if (resp.currentPoint && Number.isFinite(resp.currentPoint.x)) rows.push({ x: resp.currentPoint.x, y: null, c: resp.currentPoint.y });
  rows.sort((a, b) => a.x - b.x);
  return {
    x: rows.map((r) => r.x),
    y: rows.map((r) => r.y),
    current: rows.map((r) => r.c),
    fit: rows.map((r) => (slope !== null && intercept !== null ? intercept + slope * r.x : null)),
    slope,
    intercept,
    rValue: resp.rValue ?? null,
  };
}

export interface TrendSeries {
  t: number[];
  y: number[];
  average: (number | null)[];
  historicalAverage: number | null;
  currentAggregate: number | null;
  /** The last modelled (demo back-history) point's time, in the points' seconds; null: none is modelled. */
  modelledThrough: number | null;
}

const trendTime = (day: string) => Date.parse(`${day}T16:00:00Z`) / 1000;

export function trendSeries(resp: TrendResponse): TrendSeries {
  const rows = (resp.trend ?? [])
    .map((p) => ({ t: trendTime(p.x), y: p.y }))
    .filter((r) => Number.isFinite(r.t))
    .sort((a, b) => a.t - b.t);
  const avg = resp.historicalAverage ?? null;
  const modelled = resp.modelledThrough ? trendTime(resp.modelledThrough) : NaN;
  return {
    t: rows.map((r) => r.t),
    y: rows.map((r) => r.y),
    average: rows.map(() => avg),
    historicalAverage: avg,
    currentAggregate: resp.currentAggregate ?? null,
    modelledThrough: Number.isFinite(modelled) && rows.length && modelled >= rows[0].t ? modelled : null,
  };
}

/** What a statistics widget loads: the spot–vol scatter or the aggregate trend. */
export type StatisticsData = { view: 'scatter'; scatter: ScatterResponse } | { view: 'trend'; trend: TrendResponse };
