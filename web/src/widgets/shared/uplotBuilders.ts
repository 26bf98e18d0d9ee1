// Pure builders of uPlot options. Anything that changes with the data (spot price, markers, candles,
// heatmap cells) is read at draw time from a mutable `state` object the renderer refreshes before it
// calls setData, so a refresh never rebuilds the chart.
import uPlot from 'uplot';
import { NEGATIVE, POSITIVE } from './colors';
import { formatNumber } from './format';
import { readoutLeft } from './readoutPlacement';
import { exposureUnit, formatDollars, formatPrice, formatWithUnit } from './units';
import { cssColor, currentTheme, signColor } from './scales';
import { readoutTimeET, TIME_TICK_SPACE, timeTickLabels } from './timeAxis';
import { layoutMarkerLabels, type Marker } from './markers';

export const AXIS = { stroke: '#9aa3c2', grid: { stroke: 'rgba(134,150,198,0.12)', width: 1 }, ticks: { stroke: 'rgba(134,150,198,0.2)', width: 1 } };
const compact = (_u: uPlot, vals: number[]) => vals.map((v) => formatNumber(v, { compact: true }));
/** Intraday time axes read in exchange time (New York), like the freshness bar, whatever the viewer's zone. */
export const EXCHANGE_TIME_ZONE = 'America/New_York';
export const exchangeTime = (ts: number): Date => uPlot.tzDate(new Date(ts * 1e3), EXCHANGE_TIME_ZONE);

export interface MarkerState {
  markers: Marker[];
  /** Lines of the hover readout for data index i (empty: no readout). */
  readout?: (i: number) => string[];
  /** Called with the x range after every change of the x scale (zoom, reset). */
  onXScale?: (min: number, max: number) => void;
}

/** Label plate behind marker labels and readouts: dark in both themes, so the yellow Spot reads everywhere. */
const PLATE = 'rgba(16,19,32,0.88)';

function drawVerticalMarkers(u: uPlot, markers: Marker[]) {
  const { ctx, bbox } = u;
  const dpr = devicePixelRatio;
  ctx.save();
  ctx.font = `${Math.round(11 * dpr)}px sans-serif`;
  const visible = markers
    .map((m) => ({ m, x: u.valToPos(m.x, 'x', true) }))
    .filter(({ x }) => Number.isFinite(x) && x >= bbox.left && x <= bbox.left + bbox.width);
  for (const { m, x } of visible) {
    ctx.strokeStyle = m.color;
    ctx.lineWidth = dpr;
    ctx.setLineDash((m.name ?? m.label) === 'Spot' ? [] : [4 * dpr, 3 * dpr]);
    ctx.beginPath();
    ctx.moveTo(x, bbox.top);
    ctx.lineTo(x, bbox.top + bbox.height);
    ctx.stroke();
  }
  // Labels never overlap each other or leave the plot; each sits on a plate above the bars.
  const pad = 3 * dpr;
  const widths = visible.map(({ m }) => ctx.measureText(m.label).width + 2 * pad);
  const boxes = layoutMarkerLabels(visible.map((v) => v.x), widths, bbox.left, bbox.left + bbox.width, { gap: 3 * dpr, rowHeight: 16 * dpr, top: bbox.top + 2 * dpr });
  ctx.setLineDash([]);
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  visible.forEach(({ m }, i) => {
    const b = boxes[i];
    ctx.fillStyle = PLATE;
    ctx.fillRect(b.left, b.top, b.width, 14 * dpr);
    ctx.fillStyle = m.color;
    ctx.fillText(m.label, b.left + pad, b.top + 7 * dpr);
  });
  ctx.restore();
}

/** Hover readout: a small plate in the plot that follows the cursor and lists `state.readout(idx)`. */
export function readoutHooks(state: MarkerState | { readoutOf: (u: uPlot, i: number) => string[] }): uPlot.Hooks.Arrays {
  let el: HTMLDivElement | null = null;
  return {
    init: [
      (u) => {
        el = document.createElement('div');
        el.className = 'ws-readout';
        el.setAttribute('data-testid', 'chart-readout');
        el.style.display = 'none';
        u.over.appendChild(el);
      },
    ],
    setCursor: [
      (u) => {
        if (!el) return;
        const i = u.cursor.idx;
        const read = 'readoutOf' in state ? (k: number) => state.readoutOf(u, k) : state.readout;
        const lines = i === null || i === undefined || !read ? [] : read(i);
        if (!lines.length) {
          el.style.display = 'none';
          return;
        }
        el.replaceChildren(...lines.map((t) => Object.assign(document.createElement('div'), { textContent: t })));
        el.style.display = 'block';
        const left = u.cursor.left ?? 0;
        const w = u.over.clientWidth;
        el.style.right = '';
        el.style.left = `${readoutLeft(left, w, el.offsetWidth)}px`;
        el.style.top = '22px';
      },
    ],
  };
}

/** Wheel zoom on the x scale around the cursor (double-click resets, as after a drag zoom). */
function wheelZoom(u: uPlot) {
  u.over.addEventListener(
    'wheel',
    (e) => {
      e.preventDefault();
      const { min, max } = u.scales.x;
      if (min === undefined || max === undefined || min === null || max === null) return;
      const rect = u.over.getBoundingClientRect();
      const at = u.posToVal(e.clientX - rect.left, 'x');
      const f = e.deltaY < 0 ? 0.8 : 1.25;
      u.setScale('x', { min: at - (at - min) * f, max: at + (max - at) * f });
    },
    { passive: false },
  );
}

/** Exposure bars by strike (two series: positive-reading and negative-reading bars) with markers. */
export function barsOptions(state: MarkerState, yLabel: string): Omit<uPlot.Options, 'width' | 'height'> {
  const bars = uPlot.paths.bars!({ size: [0.8, 40, MIN_BAR_PX] });
  const onScale = (u: uPlot, key: string) => {
    const { min, max } = u.scales.x ?? {};
    if (key === 'x' && min != null && max != null) state.onXScale?.(min, max);
  };
  const readout = readoutHooks(state);
  return {
    legend: { show: false },
    // A strip above the plot holds the legend button and the strike range toggle, clear of the level labels.
    padding: [TOP_STRIP_PX, null, null, null],
    // Drag across the strike axis zooms in; double-click resets; the wheel zooms around the cursor.
    cursor: { drag: { x: true, y: false, setScale: true } },
    scales: { x: { time: false } },
    axes: [
      { ...AXIS, values: (_u, v) => v.map((x) => formatNumber(x)), label: 'Strike', labelSize: 14 },
      { ...AXIS, values: compact, size: 60, label: yLabel, labelSize: 14 },
    ],
    series: [
      { label: 'Strike' },
      { label: 'Positive', fill: POSITIVE, stroke: POSITIVE, paths: bars, points: { show: false } },
      { label: 'Negative', fill: NEGATIVE, stroke: NEGATIVE, paths: bars, points: { show: false } },
    ],
    hooks: { ...readout, init: [...(readout.init ?? []), wheelZoom], draw: [(u) => drawVerticalMarkers(u, state.markers)], setScale: [onScale] },
  };
}

/** Height of the strip above the exposure plot (legend button, range toggle), in CSS pixels. */
export const TOP_STRIP_PX = 26;

/** Narrowest exposure bar, in CSS pixels. */
export const MIN_BAR_PX = 3;
/** Room per strike (bar and gap): strikes are binned only when the plot gives each less than this. */
export const MIN_STRIKE_PX = 4;


/** Price candles, one entry per bar; times in seconds since the epoch. */
export interface CandleSeries {
  t: number[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
}

/** A horizontal level band behind the candles: a strike and its value (a gamma exposure). */
export interface LevelBand {
  strike: number;
  value: number;
}

export interface CandleState {
  candles: CandleSeries;
  levels: LevelBand[];
  scale: number;
  priceRange: [number, number];
  /** Unit of the gamma levels (for the readout); `$ per 1 % move` when not given. */
  unit?: string;
}

/** Time axis of the intraday charts: one-line New York labels spaced so they never overlap. */
function timeAxis(): uPlot.Axis {
  return { ...AXIS, space: TIME_TICK_SPACE, values: (_u, splits, _i, _space, incr) => timeTickLabels(splits, incr) };
}

/** Readout lines of the candle at index i: time in New York, open, high, low, close. */
export function candleReadout(c: CandleSeries, i: number): string[] {
  if (i < 0 || i >= c.t.length) return [];
  return [
    readoutTimeET(c.t[i]),
    `Open ${formatPrice(c.open[i])}`,
    `High ${formatPrice(c.high[i])}`,
    `Low ${formatPrice(c.low[i])}`,
    `Close ${formatPrice(c.close[i])}`,
  ];
}

/** The gamma level nearest a price, when it lies within `tolerance` (in price units). */
export function nearestLevel(levels: LevelBand[], price: number, tolerance: number): LevelBand | null {
  let best: LevelBand | null = null;
  for (const l of levels) if (Math.abs(l.strike - price) <= tolerance && (!best || Math.abs(l.strike - price) < Math.abs(best.strike - price))) best = l;
  return best;
}

/** Opacity of a gamma level band: stronger levels are more opaque. */
export const levelAlpha = (value: number, scale: number): number => Math.round(60 + 160 * Math.min(1, Math.abs(value) / (scale || 1)));

/** Gamma candlestick: gamma levels as horizontal bands behind price candles. */
export function candlestickOptions(state: CandleState): Omit<uPlot.Options, 'width' | 'height'> {
  return {
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    tzDate: exchangeTime,
    scales: { x: { time: true }, y: { range: () => state.priceRange } },
    axes: [timeAxis(), { ...AXIS, values: (_u, v) => v.map((x) => formatNumber(x)), size: 60 }],
    series: [{ label: 'Time' }, { label: 'Close', stroke: 'transparent', points: { show: false } }],
    hooks: {
      ...readoutHooks({
        readoutOf: (u, i) => {
          const lines = candleReadout(state.candles, i);
          const top = u.cursor.top;
          if (lines.length && top !== undefined && top !== null && top >= 0) {
            const price = u.posToVal(top, 'y');
            const tol = Math.abs(u.posToVal(top + 6, 'y') - price);
            const l = nearestLevel(state.levels, price, tol);
            if (l) lines.push(`Gamma level ${formatNumber(l.strike)}: ${formatDollars(l.value)} ${(state.unit ?? '$ per 1 % move').replace(/^\$\s*/, '')}`);
          }
          return lines;
        },
      }),
      drawClear: [
        (u) => {
          const { ctx, bbox } = u;
          const theme = currentTheme();
          ctx.save();
          for (const l of state.levels) {
            const y = u.valToPos(l.strike, 'y', true);
            ctx.fillStyle = cssColor(signColor(l.value, state.scale, theme, levelAlpha(l.value, state.scale)));
            ctx.fillRect(bbox.left, y - 2 * devicePixelRatio, bbox.width, 4 * devicePixelRatio);
          }
          ctx.restore();
        },
      ],
      draw: [
        (u) => {
          const { ctx } = u;
          const c = state.candles;
          const n = c.t.length;
          if (!n) return;
          const span = n > 1 ? (u.valToPos(c.t[n - 1], 'x', true) - u.valToPos(c.t[0], 'x', true)) / (n - 1) : 10;
          const w = Math.max(1, span * 0.6);
          ctx.save();
          for (let i = 0; i < n; i += 1) {
            const x = u.valToPos(c.t[i], 'x', true);
            const up = c.close[i] >= c.open[i];
            ctx.strokeStyle = ctx.fillStyle = up ? POSITIVE : NEGATIVE;
            ctx.beginPath();
            ctx.moveTo(x, u.valToPos(c.high[i], 'y', true));
            ctx.lineTo(x, u.valToPos(c.low[i], 'y', true));
            ctx.stroke();
            const y1 = u.valToPos(Math.max(c.open[i], c.close[i]), 'y', true);
            const y2 = u.valToPos(Math.min(c.open[i], c.close[i]), 'y', true);
            ctx.fillRect(x - w / 2, y1, w, Math.max(1, y2 - y1));
          }
          ctx.restore();
        },
      ],
    },
  };
}

export interface HeatmapState {
  x: number[];
  strikes: number[];
  z: (number | null)[][];
  scale: number;
  /** Unit of the cells (for the readout); `$ per vol point` when not given. */
  unit?: string;
  /** The readout's name of the cells' greek; `Vanna` when not given. */
  label?: string;
  /** The underlying price at each time (the session heatmap's price path; readout line `Price`). */
  spot?: (number | null)[];
}

/** Index of the value nearest v in an ascending list (-1 for an empty list). */
export function nearestIndex(values: number[], v: number): number {
  let best = -1;
  for (let k = 0; k < values.length; k += 1) if (best < 0 || Math.abs(values[k] - v) < Math.abs(values[best] - v)) best = k;
  return best;
}

/**
 * Boundaries of the cells centred on ascending values: midpoints between neighbours, the outer ones half a
 * neighbouring gap beyond the ends (n values → n + 1 edges; one value spans ±0.5).
 */
export function cellEdges(values: number[]): number[] {
  const n = values.length;
  if (!n) return [];
  if (n === 1) return [values[0] - 0.5, values[0] + 0.5];
  const mids = values.slice(1).map((v, k) => (v + values[k]) / 2);
  return [values[0] - (values[1] - values[0]) / 2, ...mids, values[n - 1] + (values[n - 1] - values[n - 2]) / 2];
}

/** Readout lines of the heatmap cell at time index i and strike index j: time in New York, strike, value with unit. */
export function heatmapReadout(state: HeatmapState, i: number, j: number): string[] {
  const t = state.x[i];
  const s = state.strikes[j];
  if (t === undefined || s === undefined) return [];
  const v = state.z[i]?.[j];
  const unit = (state.unit ?? '$ per vol point').replace(/^\$\s*/, '');
  const lines = [readoutTimeET(t), `Strike ${formatNumber(s)}`, `${state.label ?? 'Vanna'} ${v === null || v === undefined ? '—' : `${formatDollars(v)} ${unit}`}`];
  if (state.spot) lines.push(`Price ${formatPrice(state.spot[i])}`);
  return lines;
}

/**
 * Heatmap: time on x, strike on y, colour on a diverging scale symmetric about zero. With `pricePath` the
 * second series (the data's y values) is drawn as a line over the cells: the underlying's price.
 */
export function heatmapOptions(state: HeatmapState, pricePath?: { stroke: string }): Omit<uPlot.Options, 'width' | 'height'> {
  const yRange = (): [number, number] => {
    const e = cellEdges(state.strikes);
    return e.length ? [e[0], e[e.length - 1]] : [0, 1];
  };
  return {
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    tzDate: exchangeTime,
    scales: { x: { time: true }, y: { range: yRange } },
    axes: [timeAxis(), { ...AXIS, values: (_u, v) => v.map((x) => formatNumber(x)), size: 60 }],
    series: [
      { label: 'Time' },
      pricePath ? { label: 'Price', stroke: pricePath.stroke, width: 2, spanGaps: true, points: { show: false } } : { label: 'Strike', stroke: 'transparent', points: { show: false } },
    ],
    hooks: {
      ...readoutHooks({
        readoutOf: (u, i) => {
          const top = u.cursor.top;
          if (top === undefined || top === null || top < 0) return [];
          return heatmapReadout(state, i, nearestIndex(state.strikes, u.posToVal(top, 'y')));
        },
      }),
      // Cells under the price path when there is one (drawn before the series), else over the blank series.
      [pricePath ? 'drawClear' : 'draw']: [
        (u: uPlot) => {
          const { ctx } = u;
          const { x, strikes, z, scale } = state;
          if (!x.length || !strikes.length) return;
          const theme = currentTheme();
          // A cell spans halfway to its neighbours (times and strikes need not be evenly spaced).
          const xe = cellEdges(x).map((t) => u.valToPos(t, 'x', true));
          const ye = cellEdges(strikes).map((s) => u.valToPos(s, 'y', true));
          ctx.save();
          // Edge cells are centred on the first and last times: keep their outer halves off the axes.
          ctx.beginPath();
          ctx.rect(u.bbox.left, u.bbox.top, u.bbox.width, u.bbox.height);
          ctx.clip();
          for (let i = 0; i < x.length; i += 1) {
            const left = Math.min(xe[i], xe[i + 1]);
            const w = Math.abs(xe[i + 1] - xe[i]) + 0.5;
            for (let j = 0; j < strikes.length; j += 1) {
              const v = z[i]?.[j];
              if (v === null || v === undefined) continue;
              ctx.fillStyle = cssColor(signColor(v, scale, theme));
              ctx.fillRect(left, Math.min(ye[j], ye[j + 1]), w, Math.abs(ye[j + 1] - ye[j]) + 0.5);
            }
          }
          ctx.restore();
        },
      ],
    },
  };
}

const isoDay = (ts: number) => new Date(ts * 1e3).toISOString().slice(0, 10);

/** Readout lines of the spot–vol scatter at index i (x: spot change in %, y: vol change in points). */
export function scatterReadout(data: uPlot.AlignedData, i: number): string[] {
  const x = data[0]?.[i];
  const y = data[1]?.[i];
  if (x === null || x === undefined || y === null || y === undefined) return [];
  return [`Spot change ${formatNumber(x, { decimals: 2 })} %`, `Vol change ${formatNumber(y as number, { decimals: 2 })} pts`];
}

/** Readout lines of the aggregate trend at index i: date, aggregate and historical average with unit. */
export function trendReadout(data: uPlot.AlignedData, i: number, greek: string): string[] {
  const t = data[0]?.[i];
  if (t === null || t === undefined) return [];
  return [isoDay(t), `Aggregate ${formatWithUnit(data[1]?.[i] as number, greek)}`, `Average ${formatWithUnit(data[2]?.[i] as number, greek)}`];
}

/** Spot–vol scatter: points, regression line, current point. */
export function scatterOptions(): Omit<uPlot.Options, 'width' | 'height'> {
  return {
    hooks: readoutHooks({ readoutOf: (u, i) => scatterReadout(u.data, i) }),
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: false } },
    axes: [
      { ...AXIS, values: (_u, v) => v.map((x) => `${formatNumber(x, { decimals: 2 })}%`), label: 'Spot change, %', labelSize: 14 },
      { ...AXIS, values: (_u, v) => v.map((x) => formatNumber(x, { decimals: 2 })), size: 50, label: 'Vol change, pts', labelSize: 14 },
    ],
    series: [
      { label: 'Spot change' },
      { label: 'Days', stroke: '#7aa2f7', paths: () => null, points: { show: true, size: 5, fill: '#7aa2f7' } },
      { label: 'Regression', stroke: '#f5c518', width: 2, points: { show: false }, spanGaps: true },
      { label: 'Current', stroke: '#e5484d', paths: () => null, points: { show: true, size: 11, fill: '#e5484d' } },
    ],
  };
}

/** What the trend chart reads at draw time: the last modelled point's time (null: none). */
export interface TrendState {
  modelledThrough: number | null;
}

/** Label of the shaded part of the trend that is the demo's modelled back-history (methodology §4.8). */
export const MODELLED_LABEL = 'Modelled (demo back-history)';

/**
 * The x pixel span of the modelled region: from the plot's left edge to halfway between the last
 * modelled point and the next one (to the right edge when none follows), clipped to the plot; null when
 * nothing modelled is in view.
 */
export function modelledSpan(times: ArrayLike<number>, through: number | null, valToPos: (t: number) => number,
                             left: number, width: number): { from: number; to: number } | null {
  if (through === null || !times.length || through < times[0]) return null;
  let next: number | null = null;
  for (let i = 0; i < times.length; i++) if (times[i] > through) { next = times[i]; break; }
  const edge = next === null ? left + width : (valToPos(through) + valToPos(next)) / 2;
  const to = Math.min(left + width, edge);
  return to > left ? { from: left, to } : null;
}

function drawModelled(u: uPlot, state: TrendState, withLabel: boolean) {
  const span = modelledSpan((u.data[0] ?? []) as number[], state.modelledThrough, (t) => u.valToPos(t, 'x', true), u.bbox.left, u.bbox.width);
  if (!span) return;
  const { ctx, bbox } = u;
  const dpr = devicePixelRatio;
  ctx.save();
  if (!withLabel) {
    ctx.fillStyle = 'rgba(154,163,194,0.14)';
    ctx.fillRect(span.from, bbox.top, span.to - span.from, bbox.height);
  } else {
    ctx.font = `${Math.round(11 * dpr)}px sans-serif`;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'left';
    const pad = 3 * dpr;
    const w = ctx.measureText(MODELLED_LABEL).width + 2 * pad;
    ctx.fillStyle = PLATE;
    ctx.fillRect(span.from + 2 * dpr, bbox.top + 2 * dpr, w, 14 * dpr);
    ctx.fillStyle = '#c0c7e0';
    ctx.fillText(MODELLED_LABEL, span.from + 2 * dpr + pad, bbox.top + 9 * dpr);
  }
  ctx.restore();
}

/** Aggregate trend with the historical average as a dashed line; the modelled part (``state``) shaded. */
export function trendOptions(greek = 'gamma', state: TrendState = { modelledThrough: null }): Omit<uPlot.Options, 'width' | 'height'> {
  const readout = readoutHooks({ readoutOf: (u, i) => trendReadout(u.data, i, greek) });
  return {
    hooks: { ...readout, drawClear: [(u) => drawModelled(u, state, false)], draw: [(u) => drawModelled(u, state, true)] },
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: true } },
    axes: [{ ...AXIS }, { ...AXIS, values: compact, size: 60, label: exposureUnit(greek), labelSize: 14 }],
    series: [
      { label: 'Date' },
      { label: 'Aggregate', stroke: '#7aa2f7', width: 2, fill: 'rgba(122,162,247,0.12)', points: { show: false } },
      { label: 'Historical average', stroke: '#f5c518', width: 1.5, dash: [6, 4], points: { show: false } },
    ],
  };
}
