// Line-chart options of the volatility views (methodology §4.17–§4.19): a numeric or time x axis, a readout of
// every series at the pointer.
import type uPlot from 'uplot';
import { AXIS, readoutHooks } from './uplotBuilders';
import { formatNumber } from './format';

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
