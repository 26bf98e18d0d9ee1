import '../shared/flow.css';
import { useMemo } from 'react';
import type { PutCallResponse } from '../../api/data';
import type { TickerConfiguration } from '../../domain/types';
import type { RendererProps } from '../types';
import { formatDollars } from '../shared/units';
import { useSize } from '../shared/useSize';
import { balanceLines } from './transform';

const CURRENT = '#3b6fd8';
const PREVIOUS = '#999999';
const PAD = { left: 40, right: 8, top: 8, bottom: 18 };

function path(values: (number | null)[], x: (i: number) => number, y: (v: number) => number): string {
  let d = '';
  let pen = false;
  values.forEach((v, i) => {
    if (v === null || !Number.isFinite(v)) {
      pen = false;
      return;
    }
    d += `${pen ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
    pen = true;
  });
  return d;
}

/** The running put/call premium ratio through the session, the previous session's beside, and the totals. */
/** The tile is a column: the legend, the chart taking what the totals table leaves, then the table whole. */
export default function PutCallRenderer({ data, width, height }: RendererProps<PutCallResponse, TickerConfiguration>) {
  const l = useMemo(() => balanceLines(data), [data]);
  const [plotRef, plot] = useSize<HTMLDivElement>();
  const cur = data.current?.totals;
  const prev = data.previous?.totals;
  const w = Math.max(60, width);
  // Before the first measure: the tile less the legend and the table's three rows.
  const h = Math.max(60, plot.height > 0 ? plot.height : height - 80);
  const n = Math.max(l.minutes.length, 2);
  const all = [...l.current, ...l.previous].filter((v): v is number => v !== null && Number.isFinite(v));
  const top = Math.max(1.5, ...all) * 1.05;
  const x = (i: number) => PAD.left + (i / (n - 1)) * (w - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - v / top) * (h - PAD.top - PAD.bottom);
  const ratio = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(2));
  return (
    <div className="ws-chart flow-column" data-testid="put-call" data-buckets={data.current?.times.length ?? 0} data-previous={data.previous?.times.length ?? 0}>
      <div className="flow-legend">
        <span style={{ color: CURRENT }}>— {data.current?.session ?? ''}</span> <span style={{ color: PREVIOUS }}>— {data.previous?.session ?? 'no previous session'}</span> · running put/call premium
      </div>
      <div className="flow-plot" ref={plotRef}>
      <svg width={w} height={h} role="img" aria-label="Put/call premium ratio through the session">
        <line x1={PAD.left} x2={w - PAD.right} y1={y(1)} y2={y(1)} stroke="currentColor" strokeOpacity={0.3} strokeDasharray="2 3" />
        <text x={4} y={y(1) + 3} fontSize={10} fill="currentColor">1.00</text>
        <text x={4} y={PAD.top + 8} fontSize={10} fill="currentColor">{top.toFixed(2)}</text>
        <path data-testid="put-call-previous" d={path(l.previous, x, y)} fill="none" stroke={PREVIOUS} strokeWidth={1.5} />
        <path data-testid="put-call-current" d={path(l.current, x, y)} fill="none" stroke={CURRENT} strokeWidth={2} />
        <text x={PAD.left} y={h - 4} fontSize={10} fill="currentColor">09:30</text>
        <text x={w - PAD.right} y={h - 4} fontSize={10} textAnchor="end" fill="currentColor">16:00</text>
      </svg>
      </div>
      <table className="flow-totals" data-testid="put-call-totals">
        <thead>
          <tr><th /><th>P/C volume</th><th>P/C premium</th><th>Call premium</th><th>Put premium</th><th>Dealer premium</th></tr>
        </thead>
        <tbody>
          {[['Today', cur], ['Previous', prev]].map(([name, t]) => (t && typeof t === 'object' ? (
            <tr key={name as string}>
              <th>{name as string}</th>
              <td>{ratio(t.volumeRatio)}</td>
              <td>{ratio(t.premiumRatio)}</td>
              <td>{formatDollars(t.callPremium)}</td>
              <td>{formatDollars(t.putPremium)}</td>
              <td>{formatDollars(t.callDealerPremium + t.putDealerPremium)}</td>
            </tr>
          ) : null))}
        </tbody>
      </table>
    </div>
  );
}
