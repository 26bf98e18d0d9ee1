import type { ZeroDteResponse } from '../../api/data';
import type { TickerConfiguration } from '../../domain/types';
import type { RendererProps } from '../types';
import { Tooltip } from '../../components/Tooltip';
import { zeroDteView } from './transform';
import { paradigmParts } from './paradigm';
import { formatNumber } from '../shared/format';
import { ValueTile } from '../shared/ValueTile';

/** The paradigm's name, focusable, with a tooltip that explains its base name and suffix. */
export function ParadigmName({ name }: { name: string }) {
  const parts = paradigmParts(name === 'None' ? '' : name);
  const summary = parts.map((p) => `${p.word}: ${p.short}`).join(' ');
  return (
    <span className="zd-paradigm">
      <Tooltip
        content={
          <span className="zd-tip" data-testid="zerodte-paradigm-tooltip">
            {parts.map((p) => (
              <span key={p.term} className="zd-tip__part">
                <span className="zd-tip__word">{p.word}</span>: {p.short}
              </span>
            ))}
          </span>
        }
      >
        <button type="button" className="zd-paradigm__name" aria-label={`${name}. ${summary}`}>
          {name}
        </button>
      </Tooltip>
    </span>
  );
}

export default function ZeroDteRenderer({ data }: RendererProps<ZeroDteResponse, TickerConfiguration>) {
  const v = zeroDteView(data);
  return (
    <ValueTile
      figures={[
        { label: 'Paradigm', value: <ParadigmName name={v.paradigm} />, testId: 'zerodte-paradigm', help: 'paradigm' },
        { label: 'Target', value: v.target, testId: 'zerodte-target', help: 'target', note: v.targetNote },
        { label: 'LIS', value: v.lis, testId: 'zerodte-lis', help: 'lis', note: v.lisNote },
        { label: 'Aggregate charm', value: formatNumber(v.aggregateCharm, { compact: true }), raw: v.aggregateCharm, testId: 'zerodte-charm', help: 'aggregate-charm' },
        { label: '0DTE volume', value: formatNumber(v.volume, { compact: true }), testId: 'zerodte-volume' },
      ]}
      footer={v.asOf ? <p className="ws-values-footer" data-testid="zerodte-asof">{v.asOf}</p> : null}
    />
  );
}
