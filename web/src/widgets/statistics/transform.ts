// Statistics widgets (pure): spot–vol scatter with its regression line and current point; aggregate
// trend with the historical average.
import type { ScatterResponse, TrendResponse } from '../../api/data';
import { withUnit, type CsvTable } from '../shared/csv';
import { exposureUnit } from '../shared/units';

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

const X_UNIT = '% daily change of the ticker';
const Y_UNIT = 'VIX points, daily change';

/**
 * A statistics widget's numbers. Scatter: each session's point (date, x, y) as served, today's point, and the
 * served regression line at each x (`intercept + slope·x`); trend: each day's aggregate and the average.
 */
export function statisticsCsv(d: StatisticsData, greek?: string | null): CsvTable {
  if (d.view === 'trend') {
    const g = d.trend.greek ?? greek ?? '';
    const unit = d.trend.unit?.unit ?? exposureUnit(g);
    const avg = d.trend.historicalAverage ?? null;
    return {
      columns: ['date', withUnit(`aggregate ${g}`, unit), withUnit('historical average', unit)],
      rows: (d.trend.trend ?? []).map((p) => [p.x, p.y, avg]),
    };
  }
  const s = d.scatter;
  const fit = (x: number) => (s.slope != null && s.intercept != null ? s.intercept + s.slope * x : null);
  const rows = (s.scatterPoints ?? []).map((p) => ['session', p.date, p.x, p.y, fit(p.x)]);
  if (s.currentPoint) rows.push(['current', null, s.currentPoint.x, s.currentPoint.y, fit(s.currentPoint.x)] as never);
  return { columns: ['point', 'date', withUnit('x', X_UNIT), withUnit('y', Y_UNIT), withUnit('fitted y', Y_UNIT)], rows };
}
