// Legend of the gamma candlestick: what the candles and the horizontal level bands mean.
import './charts.css';
import { NEGATIVE, POSITIVE } from './colors';
import { cssColor, signColor, type ThemeMode } from './scales';

export function CandleLevelLegend({ theme, unit }: { theme: ThemeMode; unit: string }) {
  const pos = cssColor(signColor(1, 1, theme));
  const neg = cssColor(signColor(-1, 1, theme));
  return (
    <div className="ws-line-legend" data-testid="candle-legend">
      <span className="ws-line-legend-item">
        <span className="ws-line-legend-candle" style={{ background: POSITIVE }} />
        <span className="ws-line-legend-candle" style={{ background: NEGATIVE }} /> Price up / down
      </span>
      <span className="ws-line-legend-item">
        <span className="ws-line-legend-swatch" style={{ background: pos }} /> Positive gamma level
      </span>
      <span className="ws-line-legend-item">
        <span className="ws-line-legend-swatch" style={{ background: neg }} /> Negative gamma level
      </span>
      <span className="ws-line-legend-item" title={`Gamma exposure at the strike, ${unit}; a stronger level is more opaque`}>Opacity: size</span>
    </div>
  );
}
