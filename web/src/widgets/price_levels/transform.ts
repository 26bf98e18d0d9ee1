// Price and levels (methodology §4.12): the answer's candles and per-snapshot levels laid out on one
// ordinal axis (one slot per 5-minute candle or snapshot time, so earlier sessions sit next to the
// current one without the night between them), the levels as step lines, the right-edge labels and the
// hover readout. Pure: the renderer only draws what these return.
import type { PriceLevelsResponse } from '../../api/data';
import type { ChartConfiguration } from '../../domain/types';
import { formatPrice } from '../shared/units';
import { formatPercent, formatSigned } from '../shared/format';
import { readoutTimeET } from '../shared/timeAxis';

/** A price-and-levels chart: a chart configuration with the number of earlier sessions drawn. */
export type PriceLevelsConfiguration = ChartConfiguration & { previousSessions?: number | null };

export type LevelKey = 'zeroGamma' | 'callWall' | 'putWall' | 'target' | 'lisLow' | 'lisHigh';

export const LEVEL_STYLES: Record<LevelKey, { name: string; color: string; dash: number[] }> = {
  zeroGamma: { name: 'Zero gamma', color: '#a0a8c8', dash: [6, 4] },
  callWall: { name: 'Call wall', color: '#2bb673', dash: [] },
  putWall: { name: 'Put wall', color: '#e5484d', dash: [] },
  target: { name: 'Target', color: '#7aa2f7', dash: [2, 3] },
  lisLow: { name: 'LIS', color: '#f5a623', dash: [2, 3] },
  lisHigh: { name: 'LIS', color: '#f5a623', dash: [2, 3] },
};
export const LEVEL_KEYS = Object.keys(LEVEL_STYLES) as LevelKey[];

export interface LevelLine {
  key: LevelKey;
  name: string;
  color: string;
  dash: number[];
  /** The level in force at each slot (null: none yet in that session, or none published). */
  values: (number | null)[];
}

export interface LevelLabel {
  key: LevelKey;
  name: string;
  color: string;
  value: number;
  /** level − last price, in price points. */
  points: number;
  /** 100·(level − last price)/last price. */
  percent: number;
  text: string;
}

export interface PriceLevelsView {
  /** Slot times, seconds since the epoch (ascending). */
  times: number[];
  /** New York session date of each slot. */
  sessions: string[];
  /** Indices where a session starts (after the first). */
  sessionStarts: number[];
  open: (number | null)[];
  high: (number | null)[];
  low: (number | null)[];
  close: (number | null)[];
  line: boolean;
  levels: LevelLine[];
  labels: LevelLabel[];
  lastPrice: number | null;
  priceRange: [number, number];
}

const NY_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' });
/** 'yyyy-MM-dd' of an instant (seconds) in New York. */
export const nyDay = (ts: number): string => NY_DAY.format(new Date(ts * 1e3));
const seconds = (iso: string): number => Date.parse(iso) / 1e3;

type Row = PriceLevelsResponse['levels'][number];

/** A row's value of a level key (the LIS pair split into its ends; a single LIS is both ends). */
export function levelOf(row: Row, key: LevelKey): number | null {
  if (key === 'lisLow' || key === 'lisHigh') {
    const lis = row.lis as number | number[] | null | undefined;
    if (lis === null || lis === undefined) return null;
    if (Array.isArray(lis)) return (key === 'lisLow' ? lis[0] : lis[1]) ?? null;
    return key === 'lisLow' ? lis : null;
  }
  const v = row[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/**
 * The value in force at each slot: the latest row at or before the slot's time within the slot's session
 * (a session's levels never carry into the next one). `rowTimes` ascending.
 */
export function stepValues(rowTimes: number[], rowValues: (number | null)[], slotTimes: number[]): (number | null)[] {
  const out: (number | null)[] = [];
  let k = -1;
  for (const t of slotTimes) {
    while (k + 1 < rowTimes.length && rowTimes[k + 1] <= t) k += 1;
    out.push(k >= 0 && nyDay(rowTimes[k]) === nyDay(t) ? rowValues[k] : null);
  }
  return out;
}

/** Right-edge labels: each level's latest value with its distance from the last price, nearest first. */
export function levelLabels(levels: LevelLine[], lastPrice: number | null): LevelLabel[] {
  if (lastPrice === null || !Number.isFinite(lastPrice) || lastPrice === 0) return [];
  const out: LevelLabel[] = [];
  for (const l of levels) {
    const v = l.values.length ? l.values[l.values.length - 1] : null;
    if (v === null || v === undefined) continue;
    const points = v - lastPrice;
    const percent = (100 * points) / lastPrice;
    out.push({ key: l.key, name: l.name, color: l.color, value: v, points, percent,
      text: `${l.name} ${formatPrice(v)} (${formatSigned(points, { decimals: 2 })}, ${formatPercent(percent)})` });
  }
  return out.sort((a, b) => b.value - a.value);
}

export function priceLevelsView(resp: PriceLevelsResponse): PriceLevelsView {
  const candles = [...(resp.candles ?? [])].sort((a, b) => Date.parse(a.t) - Date.parse(b.t));
  const rows = [...(resp.levels ?? [])].sort((a, b) => Date.parse(a.t) - Date.parse(b.t));
  const byTime = new Map<number, (typeof candles)[number]>();
  for (const c of candles) byTime.set(seconds(c.t), c);
  const rowTimes = rows.map((r) => seconds(r.t));
  // Slots: every candle, and every snapshot time after the session's last candle (the newest levels).
  const slotSet = new Set<number>(byTime.keys());
  const lastCandleOfDay = new Map<string, number>();
  for (const t of byTime.keys()) lastCandleOfDay.set(nyDay(t), Math.max(lastCandleOfDay.get(nyDay(t)) ?? -Infinity, t));
  for (const t of rowTimes) if (!(t <= (lastCandleOfDay.get(nyDay(t)) ?? -Infinity))) slotSet.add(t);
  const times = [...slotSet].sort((a, b) => a - b);
  const pick = (f: 'open' | 'high' | 'low' | 'close') => times.map((t) => { const v = byTime.get(t)?.[f]; return typeof v === 'number' ? v : null; });
  const open = pick('open'), high = pick('high'), low = pick('low'), close = pick('close');
  // A slot without a candle (a snapshot after the last candle) shows the snapshot's price on the line.
  const rowPrice = new Map(rows.map((r) => [seconds(r.t), r.price]));
  const sessions = times.map(nyDay);
  const sessionStarts = sessions.flatMap((d, i) => (i > 0 && d !== sessions[i - 1] ? [i] : []));
  const levels: LevelLine[] = [];
  const zeroDte = Boolean(resp.zeroDte) || rows.some((r) => r.target != null || r.lis != null);
  for (const key of LEVEL_KEYS) {
    if ((key === 'target' || key === 'lisLow' || key === 'lisHigh') && !zeroDte) continue;
    const values = stepValues(rowTimes, rows.map((r) => levelOf(r, key)), times);
    if (values.every((v) => v === null)) continue;
    levels.push({ key, ...LEVEL_STYLES[key], values });
  }
  const lastClose = [...close].reverse().find((v) => v !== null) ?? null;
  const lastTime = times[times.length - 1];
  const lastIsSnapshot = lastTime !== undefined && !byTime.has(lastTime);
  const lastPrice = (lastIsSnapshot ? rowPrice.get(lastTime) ?? null : null) ?? lastClose ?? resp.currentPrice ?? null;
  if (lastIsSnapshot && lastPrice !== null) close[close.length - 1] = lastPrice;
  const prices = [...high, ...low, ...close].filter((v): v is number => v !== null);
  const levelValues = levels.flatMap((l) => l.values).filter((v): v is number => v !== null);
  const all = [...prices, ...levelValues];
  let lo = all.length ? Math.min(...all) : 0;
  let hi = all.length ? Math.max(...all) : 1;
  const pad = (hi - lo || Math.abs(hi) || 1) * 0.04;
  lo -= pad;
  hi += pad;
  return {
    times, sessions, sessionStarts, open, high, low, close, line: resp.style === 'line', levels,
    labels: levelLabels(levels, lastPrice), lastPrice, priceRange: [lo, hi],
  };
}

/** Hover readout at slot i: time (New York), the price (candle or snapshot) and every level in force. */
export function priceLevelsReadout(v: PriceLevelsView, i: number): string[] {
  const t = v.times[i];
  if (t === undefined) return [];
  const lines = [readoutTimeET(t)];
  const o = v.open[i], h = v.high[i], l = v.low[i], c = v.close[i];
  if (o !== null && h !== null && l !== null && c !== null && !v.line) {
    lines.push(`Open ${formatPrice(o)} · High ${formatPrice(h)}`, `Low ${formatPrice(l)} · Close ${formatPrice(c)}`);
  } else if (c !== null) {
    lines.push(`Price ${formatPrice(c)}`);
  }
  for (const lv of v.levels) {
    const x = lv.values[i];
    if (x !== null && x !== undefined) lines.push(`${lv.name} ${formatPrice(x)}`);
  }
  return lines;
}

/** Spreads label centres (canvas y, ascending order kept) so neighbours are at least `gap` apart inside [top, bottom]. */
export function spreadLabels(ys: number[], gap: number, top: number, bottom: number): number[] {
  const out = ys.map((y) => Math.min(bottom, Math.max(top, y)));
  for (let i = 1; i < out.length; i += 1) if (out[i] - out[i - 1] < gap) out[i] = out[i - 1] + gap;
  const over = out.length ? out[out.length - 1] - bottom : 0;
  if (over > 0) for (let i = out.length - 1; i >= 0; i -= 1) {
    out[i] -= over;
    if (i > 0 && out[i] - out[i - 1] >= gap) break;
  }
  for (let i = out.length - 2; i >= 0; i -= 1) if (out[i + 1] - out[i] < gap) out[i] = out[i + 1] - gap;
  return out;
}
