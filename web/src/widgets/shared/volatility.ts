// Shared pieces of the volatility views (methodology §4.14–§4.16): IVs are served per 1.00 and drawn in vol
// points; line-chart options for a numeric (not time) x axis.
import type uPlot from 'uplot';
import { AXIS, readoutHooks } from './uplotBuilders';
import { formatNumber } from './format';

/** An IV per 1.00 in vol points (0.153 → 15.3); null for a missing or non-finite value. */
export function volPoints(iv: number | null | undefined): number | null {
  return iv === null || iv === undefined || !Number.isFinite(iv) ? null : iv * 100;
}

/** A value kept as served, null when missing or non-finite. */
export function finiteOrNull(v: number | null | undefined): number | null {
  return v === null || v === undefined || !Number.isFinite(v) ? null : v;
}

/** Seconds since the epoch of a 'yyyy-MM-dd' date (its UTC midnight), NaN when unreadable. */
export function daySeconds(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

export interface LineSeries {
  label: string;
  stroke: string;
  dash?: number[];
  points?: boolean;
}

/** Lines over a numeric or time x axis, with a readout of every series at the pointer. */
export function lineOptions(xLabel: string, yLabel: string, series: LineSeries[], opts: { time?: boolean; xFormat?: (v: number) => string } = {}): Omit<uPlot.Options, 'width' | 'height'> {
  const xText = opts.xFormat ?? ((v: number) => formatNumber(v, { decimals: 2 }));
  return {
    hooks: readoutHooks({
      readoutOf: (u, i) => {
        const x = u.data[0]?.[i];
        if (x === null || x === undefined) return [];
        const lines = [`${xLabel} ${opts.time ? new Date(x * 1000).toISOString().slice(0, 10) : xText(x)}`];
        series.forEach((s, k) => {
          const y = u.data[k + 1]?.[i];
          if (y !== null && y !== undefined) lines.push(`${s.label} ${formatNumber(y as number, { decimals: 2 })}`);
        });
        return lines;
      },
    }),
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: Boolean(opts.time) } },
    axes: [
      { ...AXIS, ...(opts.time ? {} : { values: (_u: uPlot, v: number[]) => v.map(xText) }), label: xLabel, labelSize: 14 },
      { ...AXIS, values: (_u: uPlot, v: number[]) => v.map((y) => formatNumber(y, { decimals: 1 })), size: 50, label: yLabel, labelSize: 14 },
    ],
    series: [
      { label: xLabel },
      ...series.map((s) => ({
        label: s.label, stroke: s.stroke, width: 2, dash: s.dash, spanGaps: true,
        points: { show: s.points ?? true, size: 5, fill: s.stroke },
      })),
    ],
  };
}
