// Small value widgets: a list of labelled figures with the sign colour.
import { signOf } from './colors';

export interface Figure {
  label: string;
  value: string;
  raw?: number | null;
  testId?: string;
  /** The figure's unit, shown after its label: '$ per contract, weighted by |delta|'. */
  unit?: string;
}

export function ValueTile({ figures }: { figures: Figure[] }) {
  return (
    <dl className="ws-values">
      {figures.map((f) => (
        <div key={f.label} className="ws-value" data-sign={f.raw === undefined ? 'neutral' : signOf(f.raw)}>
          <dt>
            {f.label}
            {f.unit ? <span className="ws-value-unit"> · {f.unit}</span> : null}
          </dt>
          <dd data-testid={f.testId ?? 'widget-value'}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
