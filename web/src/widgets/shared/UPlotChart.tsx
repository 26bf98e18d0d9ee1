// One uPlot instance per chart: data changes call setData, size changes call setSize, and the chart is
// rebuilt only when `configKey` (the configuration that shapes the options) changes. Charts therefore
// update in place when the refresh countdown refetches their data.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface UPlotChartProps {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  width: number;
  height: number;
  /** Changing it rebuilds the chart; keep it stable across data refreshes. */
  configKey: string;
  points?: number;
  /** x range kept across data changes (a zoom the chart's owner tracks). */
  xRange?: [number, number] | null;
}

export function UPlotChart({ options, data, width, height, configKey, points, xRange }: UPlotChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const latest = useRef({ options, data, width, height });
  latest.current = { options, data, width, height };
  const range = useRef(xRange);
  range.current = xRange;

  useEffect(() => {
    if (!host.current) return undefined;
    const { options: o, data: d, width: w, height: h } = latest.current;
    const u = new uPlot({ ...o, width: Math.max(w, 50), height: Math.max(h, 50) } as uPlot.Options, d, host.current);
    chart.current = u;
    (host.current as HTMLDivElement & { __uplot?: uPlot }).__uplot = u;
    return () => {
      u.destroy();
      chart.current = null;
    };
  }, [configKey]);

  useEffect(() => {
    chart.current?.setData(data);
    const r = range.current;
    if (r) chart.current?.setScale('x', { min: r[0], max: r[1] });
  }, [data]);

  useEffect(() => {
    chart.current?.setSize({ width: Math.max(width, 50), height: Math.max(height, 50) });
  }, [width, height]);

  return <div ref={host} className="uplot-host" data-testid="widget-chart" data-points={points ?? data[0]?.length ?? 0} />;
}
