// uPlot options of the price-and-levels chart. The x axis is ordinal (slot index); the candles, the
// session separators and the right-edge level labels are drawn in hooks from the mutable `state`, so a
// refresh only calls setData.
import uPlot from 'uplot';
import { NEGATIVE, POSITIVE } from '../shared/colors';
import { formatNumber } from '../shared/format';
import { AXIS, readoutHooks } from '../shared/uplotBuilders';
import { clockET, dayET } from '../shared/timeAxis';
import { priceLevelsReadout, spreadLabels, type PriceLevelsView } from './transform';

export interface PriceLevelsState {
  view: PriceLevelsView;
}

/** Width kept right of the plot for the level labels, in CSS px (6.3 px per character at 11 px). */
export function labelGutter(view: PriceLevelsView): number {
  const longest = Math.max(0, ...view.labels.map((l) => l.text.length));
  return longest ? Math.min(260, Math.round(longest * 6.3 + 14)) : 12;
}

/** Tick labels of slot indices: the clock, or the date where a session starts. */
function slotLabels(state: PriceLevelsState, splits: number[]): string[] {
  const { times, sessionStarts } = state.view;
  return splits.map((s) => {
    const i = Math.round(s);
    const t = times[i];
    if (t === undefined || Math.abs(s - i) > 1e-6) return '';
    return i === 0 || sessionStarts.includes(i) ? dayET(t) : clockET(t);
  });
}

export function priceLevelsOptions(state: PriceLevelsState): Omit<uPlot.Options, 'width' | 'height'> {
  const series: uPlot.Series[] = [
    { label: 'Slot' },
    { label: 'Price', stroke: () => (state.view.line ? '#f5c518' : 'transparent'), width: 1.5, points: { show: false }, spanGaps: true },
  ];
  for (const l of state.view.levels) {
    series.push({ label: l.name, stroke: l.color, width: 1.5, dash: l.dash, paths: uPlot.paths.stepped!({ align: 1 }), points: { show: false } });
  }
  return {
    legend: { show: false },
    padding: [8, () => labelGutter(state.view), null, null],
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: { time: false, range: () => [-0.5, Math.max(0.5, state.view.times.length - 0.5)] },
      y: { range: () => state.view.priceRange },
    },
    axes: [
      { ...AXIS, space: 64, incrs: [1, 2, 3, 6, 12, 24, 48, 78, 156, 312], values: (_u, splits) => slotLabels(state, splits) },
      { ...AXIS, values: (_u, v) => v.map((x) => formatNumber(x)), size: 60 },
    ],
    series,
    hooks: {
      ...readoutHooks({ readoutOf: (_u, i) => priceLevelsReadout(state.view, i) }),
      draw: [
        (u) => {
          const { ctx, bbox } = u;
          const v = state.view;
          const dpr = devicePixelRatio;
          ctx.save();
          // Session separators.
          ctx.strokeStyle = 'rgba(134,150,198,0.35)';
          ctx.setLineDash([3 * dpr, 3 * dpr]);
          for (const i of v.sessionStarts) {
            const x = u.valToPos(i - 0.5, 'x', true);
            ctx.beginPath();
            ctx.moveTo(x, bbox.top);
            ctx.lineTo(x, bbox.top + bbox.height);
            ctx.stroke();
          }
          ctx.setLineDash([]);
          // Candles.
          if (!v.line) {
            const w = Math.max(1, (u.valToPos(1, 'x', true) - u.valToPos(0, 'x', true)) * 0.6);
            for (let i = 0; i < v.times.length; i += 1) {
              const o = v.open[i], h = v.high[i], l = v.low[i], c = v.close[i];
              if (o === null || h === null || l === null || c === null) continue;
              const x = u.valToPos(i, 'x', true);
              ctx.strokeStyle = ctx.fillStyle = c >= o ? POSITIVE : NEGATIVE;
              ctx.lineWidth = dpr;
              ctx.beginPath();
              ctx.moveTo(x, u.valToPos(h, 'y', true));
              ctx.lineTo(x, u.valToPos(l, 'y', true));
              ctx.stroke();
              const y1 = u.valToPos(Math.max(o, c), 'y', true);
              const y2 = u.valToPos(Math.min(o, c), 'y', true);
              ctx.fillRect(x - w / 2, y1, w, Math.max(dpr, y2 - y1));
            }
          }
          // Right-edge labels: value and distance from the last price, on plates that never overlap.
          const labels = v.labels;
          if (labels.length) {
            ctx.font = `${Math.round(11 * dpr)}px sans-serif`;
            ctx.textBaseline = 'middle';
            ctx.textAlign = 'left';
            const ordered = [...labels].map((l) => ({ l, y: u.valToPos(l.value, 'y', true) })).sort((a, b) => a.y - b.y);
            const ys = spreadLabels(ordered.map((o) => o.y), 15 * dpr, bbox.top + 7 * dpr, bbox.top + bbox.height - 7 * dpr);
            const left = bbox.left + bbox.width + 4 * dpr;
            ordered.forEach(({ l }, k) => {
              const tw = ctx.measureText(l.text).width + 6 * dpr;
              ctx.fillStyle = 'rgba(16,19,32,0.88)';
              ctx.fillRect(left, ys[k] - 7 * dpr, tw, 14 * dpr);
              ctx.fillStyle = l.color;
              ctx.fillText(l.text, left + 3 * dpr, ys[k]);
            });
          }
          ctx.restore();
        },
      ],
    },
  };
}
