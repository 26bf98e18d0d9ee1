// Small value widgets: a list of labelled figures with the sign colour. A figure may carry a "?" that opens
// its dictionary entry (`help`, the entry's id) and a note under its value (a distance, a reason); a header
// line may precede them (the 0DTE panel's as-of time).
import type { ReactNode } from 'react';
import { ExplainButton } from '../../components/Explain';
import { signOf } from './colors';
import './values.css';

export interface Figure {
  label: string;
  value: ReactNode;
  raw?: number | null;
  testId?: string;
  /** The figure's unit, shown after its label: '$ per contract, weighted by |delta|'. */
  unit?: string;
  /** Dictionary entry opened by the "?" beside the label. */
  help?: string;
  /** A line under the value. */
  note?: ReactNode;
}

export function ValueTile({ figures, header, footer }: { figures: Figure[]; header?: ReactNode; footer?: ReactNode }) {
  return (
    <>
      {header}
      <dl className="ws-values">
        {figures.map((f) => (
          <div key={f.label} className="ws-value" data-sign={f.raw === undefined ? 'neutral' : signOf(f.raw)}>
            <dt>
              {f.label}
              {f.help ? <ExplainButton term={f.help} label={f.label} /> : null}
              {f.unit ? <span className="ws-value-unit"> · {f.unit}</span> : null}
            </dt>
            <dd data-testid={f.testId ?? 'widget-value'}>{f.value}</dd>
            {f.note ? (
              <dd className="ws-value-note" data-testid={f.testId ? `${f.testId}-note` : undefined}>
                {f.note}
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
      {footer}
    </>
  );
}
