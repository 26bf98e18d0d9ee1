import type { TickerConfiguration } from '../../domain/types';
import type { RendererProps } from '../types';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useHoverOpen } from '../../components/Tooltip';
import { charmSides, charmTrail, zeroDteView, type ZeroDtePanelData } from './transform';
import { paradigmParts } from './paradigm';
import { formatNumber } from '../shared/format';
import { ValueTile } from '../shared/ValueTile';

/**
 * The paradigm's name, a focusable button, with a tooltip that explains its base name and suffix. It shows
 * on hover and on focus and hides 200 ms after leaving (app spec §9), like the shared Tooltip, but is drawn
 * in a layer of its own so a small widget does not clip it.
 */
export function ParadigmName({ name }: { name: string }) {
  const parts = paradigmParts(name === 'None' ? '' : name);
  const { open, setOpen, show, hide } = useHoverOpen();
  const [pos, setPos] = useState<{ top: number; left: number } | null>(null);
  const anchor = useRef<HTMLButtonElement>(null);
  const tipId = useId();

  useLayoutEffect(() => {
    if (!open || !anchor.current) return;
    const r = anchor.current.getBoundingClientRect();
    const vw = window.innerWidth || document.documentElement.clientWidth;
    setPos({ top: r.bottom + 6, left: Math.max(8, Math.min(r.left, vw - TIP_WIDTH - 8)) });
  }, [open]);

  return (
    <span className="zd-paradigm">
      <button
        ref={anchor}
        type="button"
        className="zd-paradigm__name"
        aria-describedby={open ? tipId : undefined}
        onMouseEnter={show}
        onMouseLeave={hide}
        onFocus={show}
        onBlur={hide}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
      >
        {name}
      </button>
      {open &&
        createPortal(
          <span
            role="tooltip"
            id={tipId}
            className="zd-tip"
            data-testid="zerodte-paradigm-tooltip"
            style={{ top: pos?.top ?? 0, left: pos?.left ?? 0, width: TIP_WIDTH, visibility: pos ? 'visible' : 'hidden' }}
          >
            {parts.map((p) => (
              <span key={p.term} className="zd-tip__part">
                <span className="zd-tip__word">{p.word}</span>: {p.short}
              </span>
            ))}
          </span>,
          document.body,
        )}
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
