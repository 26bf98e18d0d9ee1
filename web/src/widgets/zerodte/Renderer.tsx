import type { TickerConfiguration } from '../../domain/types';
import type { RendererProps } from '../types';
import { Tooltip } from '../../components/Tooltip';
import { charmSides, charmTrail, zeroDteView, type ZeroDtePanelData } from './transform';
import { paradigmParts } from './paradigm';
import { formatNumber } from '../shared/format';
import { ValueTile } from '../shared/ValueTile';

/**
 * The paradigm's name, a focusable button, with the shared tooltip (drawn in a layer of its own so a small
 * widget does not clip it) that explains its base name and suffix.
 */
export function ParadigmName({ name }: { name: string }) {
  const parts = paradigmParts(name === 'None' ? '' : name);
  return (
    <span className="zd-paradigm">
      <Tooltip
        portal
        width={TIP_WIDTH}
        className="zd-tip"
        testId="zerodte-paradigm-tooltip"
        content={parts.map((p) => (
          <span key={p.term} className="zd-tip__part">
            <span className="zd-tip__word">{p.word}</span>: {p.short}
          </span>
        ))}
      >
        <button type="button" className="zd-paradigm__name">
          {name}
        </button>
      </Tooltip>
    </span>
  );
}

const TIP_WIDTH = 280;

/** The 0DTE aggregate charm through the session as a line (no axes: its shape, first to last). */
function Trail({ values }: { values: number[] }) {
  if (values.length < 2) return null;
  const lo = Math.min(...values, 0);
  const hi = Math.max(...values, 0);
  const span = hi - lo || 1;
  const w = 120;
  const h = 28;
  const pts = values.map((v, i) => `${((i / (values.length - 1)) * w).toFixed(1)},${(h - ((v - lo) / span) * h).toFixed(1)}`).join(' ');
  const zero = h - ((0 - lo) / span) * h;
  return (
    <svg className="zd-trail" width={w} height={h} viewBox={`0 0 ${w} ${h}`} role="img" aria-label={`0DTE aggregate charm through the session, ${values.length} snapshots`} data-testid="zerodte-charm-trail">
      <line x1={0} x2={w} y1={zero} y2={zero} stroke="currentColor" strokeOpacity={0.3} />
      <polyline points={pts} fill="none" stroke="currentColor" strokeWidth={1.5} />
    </svg>
  );
}

export default function ZeroDteRenderer({ data }: RendererProps<ZeroDtePanelData, TickerConfiguration>) {
  const v = zeroDteView(data);
  const sides = charmSides(data.charmBalance);
  const trail = charmTrail(data.aggCharm);
  return (
    <ValueTile
      figures={[
        { label: 'Paradigm', value: <ParadigmName name={v.paradigm} />, testId: 'zerodte-paradigm', help: 'paradigm' },
        { label: 'Target', value: v.target, testId: 'zerodte-target', help: 'target', note: v.targetNote },
        { label: 'LIS', value: v.lis, testId: 'zerodte-lis', help: 'lis', note: v.lisNote },
        { label: 'Aggregate charm', value: formatNumber(v.aggregateCharm, { compact: true }), raw: v.aggregateCharm, testId: 'zerodte-charm', help: 'aggregate-charm' },
        { label: '0DTE volume', value: formatNumber(v.volume, { compact: true }), testId: 'zerodte-volume' },
        ...(sides
          ? [{ label: 'Charm balance', testId: 'zerodte-balance', raw: sides.total, value: `below spot ${formatNumber(sides.below, { compact: true })} · above ${formatNumber(sides.above, { compact: true })}` }]
          : []),
        ...(trail.length > 1
          ? [{ label: 'Charm through the session', testId: 'zerodte-trail', value: <Trail values={trail} />, note: `${formatNumber(trail[0], { compact: true })} → ${formatNumber(trail[trail.length - 1], { compact: true })}` }]
          : []),
      ]}
      header={v.asOf ? <p className="ws-values-asof" data-testid="zerodte-asof">{v.asOf}</p> : null}
    />
  );
}
