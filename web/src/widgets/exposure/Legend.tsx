// The exposure chart's legend: what the bar colours mean for this greek (app spec §9 colour rule), every
// level line with its value, and the strike range shown. A native <details> so readers can open and
// close it with the keyboard or a screen reader.
import { NEGATIVE, POSITIVE, SIGN_GREEKS } from '../shared/colors';
import type { Marker } from '../shared/markers';

export function colourRule(greek: string): { positive: string; negative: string } {
  if (SIGN_GREEKS.has(greek)) return { positive: 'above zero', negative: 'below zero' };
  return {
    positive: 'above zero at strikes at or above spot, or below zero under spot',
    negative: 'below zero at or above spot, or above zero under spot',
  };
}

export function ExposureLegend({ greek, markers, range, binSize, change, lines }: { greek: string; markers: Marker[]; range: string; binSize: number; change?: string; lines?: readonly { label: string; color: string }[] }) {
  const rule = colourRule(greek);
  return (
    <details className="ws-chart-legend" data-testid="exposure-legend">
      <summary>Legend</summary>
      <ul>
        {change ? <li>Bars: the change per strike, now minus then ({change})</li> : null}
        <li>
          <span className="ws-chart-legend-swatch" style={{ background: POSITIVE }} aria-hidden="true" /> Green bars: {rule.positive}
        </li>
        <li>
          <span className="ws-chart-legend-swatch" style={{ background: NEGATIVE }} aria-hidden="true" /> Red bars: {rule.negative}
        </li>
        {(lines ?? []).map((l) => (
          <li key={l.label}>
            <span className="ws-chart-legend-line" style={{ borderColor: l.color }} aria-hidden="true" /> {l.label}
          </li>
        ))}
        {markers.map((m) => (
          <li key={m.name ?? m.label}>
            <span className="ws-chart-legend-line" style={{ borderColor: m.color }} aria-hidden="true" /> {m.label}
          </li>
        ))}
        <li>
          Strikes {range}
          {binSize > 1 ? ` · each bar sums ${binSize} strikes` : ''}
        </li>
      </ul>
    </details>
  );
}
