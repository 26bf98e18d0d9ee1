import '../shared/flow.css';
import { useMemo } from 'react';
import type { VolumeOiResponse } from '../../api/data';
import type { ChartConfiguration } from '../../domain/types';
import type { RendererProps } from '../types';
import { formatNumber } from '../shared/format';
import { formatPrice } from '../shared/units';
import { MEASURE_LABELS, volumeOiBars, type VolumeOiMeasure } from './transform';

const CALL = '#2e9d5b';
const PUT = '#d0483e';
const PAD = { left: 48, right: 8, top: 8, bottom: 22 };

/** Calls above the axis and puts below it, one pair of bars per strike, the underlying price marked. */
export default function VolumeOiRenderer({ data, configuration: c, width, height }: RendererProps<VolumeOiResponse, ChartConfiguration>) {
  const measure = (c.chartName ?? 'VOLUME') as VolumeOiMeasure;
  const bars = useMemo(() => volumeOiBars(data, measure), [data, measure]);
  const n = bars.strikes.length;
  const w = Math.max(60, width);
  const h = Math.max(60, height - 20);
  const plotW = w - PAD.left - PAD.right;
  const plotH = h - PAD.top - PAD.bottom;
  const mid = PAD.top + plotH / 2;
  const step = n ? plotW / n : plotW;
  const bar = Math.max(1, step * 0.8);
  const y = (v: number) => (Math.abs(v) / bars.scale) * (plotH / 2);
  const lo = bars.strikes[0];
  const hi = bars.strikes[n - 1];
  const price = data.currentPrice;
  const priceX = price !== null && price !== undefined && n > 1 && price >= lo && price <= hi
    ? PAD.left + ((price - lo) / (hi - lo)) * (plotW - step) + step / 2 : null;
  // Signed measures (the change) draw each side's sign; volume and open interest draw calls up, puts down.
  const signed = measure === 'OPEN_INTEREST_CHANGE';
  const t = data.totals;
  return (
    <div className="ws-chart" data-testid="volume-oi" data-strikes={n} data-measure={measure}>
      <div className="flow-legend">
        <span style={{ color: CALL }}>■ Calls</span> <span style={{ color: PUT }}>■ Puts</span> · {MEASURE_LABELS[measure]}, contracts
        {t ? <> · P/C volume {t.volumeRatio === null ? '—' : t.volumeRatio.toFixed(2)} · P/C OI {t.openInterestRatio === null ? '—' : t.openInterestRatio.toFixed(2)}</> : null}
      </div>
      <svg width={w} height={h} role="img" aria-label={`${MEASURE_LABELS[measure]} by strike`}>
        <line x1={PAD.left} x2={w - PAD.right} y1={mid} y2={mid} stroke="currentColor" strokeOpacity={0.4} />
        <text x={4} y={PAD.top + 10} fontSize={10} fill="currentColor">{formatNumber(bars.scale, { compact: true })}</text>
        <text x={4} y={h - PAD.bottom} fontSize={10} fill="currentColor">{formatNumber(signed ? -bars.scale : bars.scale, { compact: true })}</text>
        {bars.strikes.map((k, i) => {
          const x = PAD.left + i * step + (step - bar) / 2;
          const cv = bars.call[i];
          const pv = bars.put[i];
          const half = bar / 2;
          const rect = (v: number | null, dx: number, color: string, up: boolean, kind: string) => {
            if (v === null || v === 0) return null;
            const hgt = y(v);
            const top = up ? mid - hgt : mid;
            return <rect key={`${kind}${k}`} data-kind={kind} x={x + dx} y={top} width={half} height={Math.max(0.5, hgt)} fill={color}><title>{`${formatPrice(k)} ${kind}: ${formatNumber(v)}`}</title></rect>;
          };
          return (
            <g key={k} data-strike={k}>
              {rect(cv, 0, CALL, signed ? (cv ?? 0) > 0 : true, 'call')}
              {rect(pv, half, PUT, signed ? (pv ?? 0) > 0 : false, 'put')}
            </g>
          );
        })}
        {priceX !== null ? <line data-testid="volume-oi-price" x1={priceX} x2={priceX} y1={PAD.top} y2={h - PAD.bottom} stroke="currentColor" strokeDasharray="3 3" /> : null}
        {n ? (
          <>
            <text x={PAD.left} y={h - 6} fontSize={10} fill="currentColor">{formatPrice(lo)}</text>
            <text x={w - PAD.right} y={h - 6} fontSize={10} textAnchor="end" fill="currentColor">{formatPrice(hi)}</text>
          </>
        ) : null}
      </svg>
    </div>
  );
}
