// How a surface names and formats its values: implied volatility as a percentage (served as a fraction,
// 0.18 = 18 %), a greek exposure in dollars with the unit of that greek (methodology §3).
import { GREEK_LABELS } from '../../domain/labels';
import { formatNumber } from '../shared/format';
import { exposureUnit, formatDollars } from '../shared/units';

export interface SurfaceValueFormat {
  /** Name in the readout ("IV", "Gamma"). */
  name: string;
  /** Axis tick and legend label: short. */
  tick: (v: number) => string;
  /** Readout value with its unit. */
  withUnit: (v: number) => string;
  axisTitle: string;
  legendTitle: string;
}

export function surfaceValueFormat(greek: string, served?: string | null): SurfaceValueFormat {
  if (greek === 'iv') {
    return {
      name: 'IV',
      tick: (v) => `${formatNumber(v * 100, { decimals: 1 })}%`,
      withUnit: (v) => `${formatNumber(v * 100, { decimals: 2 })} %`,
      axisTitle: 'IV, %',
      legendTitle: 'Implied volatility',
    };
  }
  const unit = exposureUnit(greek, served);
  const rest = unit.startsWith('$') ? unit.slice(1).trim() : unit;
  const label = GREEK_LABELS[greek] ?? greek;
  return {
    name: label,
    tick: (v) => (v === 0 ? '0' : formatDollars(v)),
    withUnit: (v) => (rest ? `${formatDollars(v)} ${rest}` : formatDollars(v)),
    axisTitle: `${label}, ${unit.startsWith('$') ? '$' : unit}`,
    legendTitle: `${label}, ${unit}`,
  };
}
