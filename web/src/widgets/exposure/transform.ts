// Exposure response → chart series (pure). Bars by strike coloured by the greek colour rule, the spot
// price and the zero-gamma / call-wall / put-wall markers.
import type { ExposureLevels, ExposureResponse } from '../../api/data';
import type { ExposureKind } from '../../domain/types';
import { isPositive } from '../shared/colors';
import { formatNumber } from '../shared/format';
import { exposureUnit, formatPrice, formatWithUnit } from '../shared/units';
import type { Marker } from '../shared/markers';
import { withUnit, type CsvTable } from '../shared/csv';

export interface ExposureSeries {
  strikes: number[];
  values: number[];
  /** Values split by the colour rule: positive-reading bars and negative-reading bars (null elsewhere). */
  positive: (number | null)[];
  negative: (number | null)[];
  /** Call and put parts per bar (null when the answer has no split). */
  calls: (number | null)[];
  puts: (number | null)[];
  /** Number of strikes summed into each bar (1 when every strike has its own bar). */
  binSize: number;
  /** First and last strike of each bar. */
  ranges: [number, number][];
  spot: number | null;
  levels: ExposureLevels | null;
  markers: Marker[];
}

export interface ExposureOptions {
  greek: string;
  kind?: ExposureKind;
  isCumulative?: boolean;
  /** Keep strikes within this fraction of the spot price (when at least minPoints remain). */
  window?: number;
  minPoints?: number;
  /** Most bars the plot can show (plot width / minimum bar width); more strikes are binned. */
  maxBars?: number;
  /** Strike range in view after a zoom: the bars are sized for the strikes inside it. */
  visible?: [number, number] | null;
}

/** Bounds of the automatic strike range, as fractions of spot (methodology §4.6). */
export const AUTO_RANGE_MIN = 0.02;
export const AUTO_RANGE_MAX = 0.25;
export const FALLBACK_RANGE = 0.12;

export interface StrikeWindow {
  /** Half-width of the strike range as a fraction of spot. */
  window: number;
  /** What the range is, for the legend and the subtitle: '±4.8 % (2× 30-day expected move)'. */
  label: string;
}

const pct = (w: number) => `±${formatNumber(w * 100, { decimals: w * 100 < 10 ? 1 : 0 })} %`;

/**
 * The strikes an exposure chart shows: the widget's own range when set, else twice the answer's 30-day
 * expected move (kept between ±2 % and ±25 % of spot), else ±12 %.
 */
export function strikeWindow(resp: Pick<ExposureResponse, 'currentPrice' | 'expectedMove'>, strikeRange?: number | null): StrikeWindow {
  if (strikeRange && Number.isFinite(strikeRange) && strikeRange > 0) return { window: strikeRange / 100, label: pct(strikeRange / 100) };
  const em = resp.expectedMove;
  const spot = resp.currentPrice;
  if (em && spot && Number.isFinite(em.points) && em.points > 0) {
    const w = Math.min(AUTO_RANGE_MAX, Math.max(AUTO_RANGE_MIN, (2 * em.points) / spot));
    return { window: w, label: `${pct(w)} (2× ${em.days}-day expected move)` };
  }
  return { window: FALLBACK_RANGE, label: pct(FALLBACK_RANGE) };
}

/**
 * Spot and the levels (methodology §4.9). Zero gamma belongs to the whole book and is always drawn; a wall
 * is drawn only when its side is drawn: a puts-only chart names no call wall, a calls-only chart no put
 * wall (`kind` is the side the answer draws; calls + puts when absent).
 */
export function exposureMarkers(spot: number | null, levels: ExposureLevels | null | undefined, kind: ExposureKind = 'both', paradigm?: ExposureResponse['paradigm']): Marker[] {
  const m: Marker[] = [];
  const add = (x: number, name: string, color: string) => m.push({ x, name, label: `${name} ${formatPrice(x)}`, color });
  if (spot !== null && Number.isFinite(spot)) add(spot, 'Spot', '#f5c518');
  if (levels?.zeroGamma != null) add(levels.zeroGamma, 'Zero gamma', '#a0a8c8');
  if (levels?.callWall != null && kind !== 'put') add(levels.callWall, 'Call wall', '#2bb673');
  if (levels?.putWall != null && kind !== 'call') add(levels.putWall, 'Put wall', '#e5484d');
  // A 0DTE chart: the paradigm's target and line(s) in the sand (methodology §4.5).
  if (paradigm?.target != null) add(paradigm.target, '0DTE target', '#8f6bf2');
  const lis = paradigm?.lis;
  for (const x of Array.isArray(lis) ? lis : lis != null ? [lis] : []) add(x, 'LIS', '#f08c3a');
  return m;
}

export function exposureSeries(resp: ExposureResponse, opts: ExposureOptions): ExposureSeries {
  const points = [...(resp.data ?? [])].filter((p) => Number.isFinite(p.strike)).sort((a, b) => a.strike - b.strike);
  let strikes = points.map((p) => p.strike);
  // The server applied the kind (in SQL) and the cumulation: `value` is drawn as answered.
  let values = points.map((p) => p.value);
  let calls: (number | null)[] = points.map((p) => (typeof p.call === 'number' ? p.call : null));
  let puts: (number | null)[] = points.map((p) => (typeof p.put === 'number' ? p.put : null));
  const cumulate = Boolean(resp.isCumulative);
  const spot = resp.currentPrice ?? null;
  const window = opts.window ?? 0.12;
  const minPoints = opts.minPoints ?? 8;
  if (spot && window > 0) {
    const keep = strikes.map((s) => Math.abs(s - spot) <= spot * window);
    if (keep.filter(Boolean).length >= minPoints) {
      strikes = strikes.filter((_, i) => keep[i]);
      values = values.filter((_, i) => keep[i]);
      calls = calls.filter((_, i) => keep[i]);
      puts = puts.filter((_, i) => keep[i]);
    }
  }
  // `maxBars` bars fit across the plot: with a zoom, only the strikes in view share that width.
  const inView = opts.visible ? strikes.filter((k) => k >= opts.visible![0] && k <= opts.visible![1]).length : strikes.length;
  const maxBars = opts.maxBars ?? Infinity;
  const binned = binStrikes({ strikes, values, calls, puts }, inView > 0 && inView < strikes.length ? (maxBars * strikes.length) / inView : maxBars, cumulate);
  strikes = binned.strikes;
  values = binned.values;
  calls = binned.calls;
  puts = binned.puts;
  const positive: (number | null)[] = [];
  const negative: (number | null)[] = [];
  values.forEach((v, i) => {
    const pos = isPositive(opts.greek, v, strikes[i], spot);
    positive.push(pos ? v : null);
    negative.push(pos ? null : v);
  });
  const levels = resp.levels ?? null;
  return {
    strikes, values, positive, negative, calls, puts, binSize: binned.binSize, ranges: binned.ranges,
    spot, levels, markers: exposureMarkers(spot, levels, resp.kind ?? opts.kind ?? 'both', resp.paradigm),
  };
}

interface Columns {
  strikes: number[];
  values: number[];
  calls: (number | null)[];
  puts: (number | null)[];
}

const sumNullable = (xs: (number | null)[]): number | null => (xs.some((x) => x === null) ? null : xs.reduce<number>((a, b) => a + (b as number), 0));

/**
 * Groups consecutive strikes so at most `maxBars` bars remain. A bar sits at the middle of its strikes and
 * holds their sum (for cumulative values, the running total at its last strike).
 */
export function binStrikes(c: Columns, maxBars: number, isCumulative = false): Columns & { binSize: number; ranges: [number, number][] } {
  const n = c.strikes.length;
  const limit = Math.max(1, Math.floor(maxBars));
  const size = n > limit ? Math.ceil(n / limit) : 1;
  if (size === 1) return { ...c, binSize: 1, ranges: c.strikes.map((s) => [s, s]) };
  const out: Columns & { binSize: number; ranges: [number, number][] } = { strikes: [], values: [], calls: [], puts: [], binSize: size, ranges: [] };
  for (let i = 0; i < n; i += size) {
    const j = Math.min(n, i + size);
    const ks = c.strikes.slice(i, j);
    out.strikes.push((ks[0] + ks[ks.length - 1]) / 2);
    out.ranges.push([ks[0], ks[ks.length - 1]]);
    const vs = c.values.slice(i, j);
    out.values.push(isCumulative ? vs[vs.length - 1] : vs.reduce((a, b) => a + b, 0));
    out.calls.push(sumNullable(c.calls.slice(i, j)));
    out.puts.push(sumNullable(c.puts.slice(i, j)));
  }
  return out;
}

/** Lines of the hover readout of bar `i`: strike (or binned range), value with unit, calls and puts. */
export function exposureReadout(s: ExposureSeries, i: number, greek: string, opts: { kind?: ExposureKind; isCumulative?: boolean } = {}): string[] {
  if (i < 0 || i >= s.strikes.length) return [];
  const [lo, hi] = s.ranges[i] ?? [s.strikes[i], s.strikes[i]];
  const lines = [lo === hi ? `Strike ${formatNumber(lo)}` : `Strikes ${formatNumber(lo)}–${formatNumber(hi)} (${s.binSize} strikes per bar)`];
  const name = opts.isCumulative ? 'Cumulative' : (opts.kind ?? 'both') === 'call' ? 'Calls' : opts.kind === 'put' ? 'Puts' : 'Total';
  if (!opts.isCumulative && (opts.kind ?? 'both') === 'both' && s.calls[i] !== null && s.puts[i] !== null) {
    lines.push(`Calls ${formatWithUnit(s.calls[i], greek)}`, `Puts ${formatWithUnit(s.puts[i], greek)}`);
  }
  lines.push(`${name} ${formatWithUnit(s.values[i], greek)}`);
  return lines;
}

/** Unit of strikes and prices in every table: the underlying's price (index points or dollars per share). */
export const PRICE_UNIT = 'price points';

/**
 * The exposure chart's numbers: one row per strike the chart shows (the widget's strike range, every strike
 * on its own, as the route answered it: calls, puts and the drawn value), in the answer's unit.
 */
export function exposureCsv(resp: ExposureResponse, c: { greek?: string | null; kind?: ExposureKind; isCumulative?: boolean | null; strikeRange?: number | null }): CsvTable {
  const greek = c.greek ?? resp.greek;
  const unit = resp.unit?.unit ?? exposureUnit(greek);
  const window = strikeWindow(resp, c.strikeRange).window;
  const s = exposureSeries(resp, { greek, kind: c.kind, isCumulative: Boolean(c.isCumulative), window });
  return {
    columns: ['strike (' + PRICE_UNIT + ')', withUnit('call', unit), withUnit('put', unit), withUnit('value', unit)],
    rows: s.strikes.map((k, i) => [k, s.calls[i], s.puts[i], s.values[i]]),
  };
}
