// Colour-scale legend: a gradient bar with its low end, zero (diverging scales) and high end labelled.
import './charts.css';
import { legendGradient, type ThemeMode } from './scales';

export interface ColorLegendProps {
  kind: 'diverging' | 'sequential';
  /** Low and high ends; a diverging scale is symmetric about zero, so lo = -hi. */
  range: [number, number];
  format: (v: number) => string;
  theme: ThemeMode;
  title?: string;
  testId?: string;
}

export function ColorLegend({ kind, range, format, theme, title, testId = 'color-legend' }: ColorLegendProps) {
  const [lo, hi] = range;
  const m = Math.max(Math.abs(lo), Math.abs(hi));
  const labels: { at: number; text: string }[] =
    kind === 'diverging'
      ? [
          { at: 0, text: format(-m) },
          { at: 0.5, text: '0' },
          { at: 1, text: format(m) },
        ]
      : [
          { at: 0, text: format(lo) },
          { at: 0.5, text: format((lo + hi) / 2) },
          { at: 1, text: format(hi) },
        ];
  return (
    <div className="ws-color-legend" data-testid={testId} data-kind={kind} data-lo={kind === 'diverging' ? -m : lo} data-hi={kind === 'diverging' ? m : hi}>
      {title ? <span className="ws-color-legend-title">{title}</span> : null}
      <span className="ws-color-legend-scale">
        <span className="ws-color-legend-bar" style={{ background: legendGradient(kind, lo, hi, theme) }} />
        {labels.map((l) => (
          <span key={l.at} className="ws-color-legend-tick" style={{ left: `${(l.at * 100).toFixed(1)}%` }} data-at={l.at}>
            {l.text}
          </span>
        ))}
      </span>
    </div>
  );
}
