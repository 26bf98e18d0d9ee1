// Units of the served figures, keyed by greek (methodology §3). One place for the web: when the exposure
// answers carry their own `units` field, `exposureUnit` reads it first and this table becomes the fallback.
import { nf } from '../../lib/format';
import { formatNumber, formatSigned } from './format';

/**
 * Axis/readout unit of an exposure column (dealer side): the very words the server serves with each
 * answer (data/units.py, methodology §3.1), so readouts, tiles, the screener and axis titles agree.
 */
export const EXPOSURE_UNITS: Record<string, string> = {
  delta: '$ of underlying (dealer delta × spot)',
  gamma: '$ delta per 1 % move',
  dag: '$ delta per 1 % move',
  vanna: '$ delta per vol point',
  charm: '$ delta per calendar day',
  vega: '$ per vol point',
  theta: '$ per calendar day',
  vomma: '$ vega per vol point',
  rho: '$ per rate point (+1 percentage point)',
  iv: '%',
};

export function exposureUnit(greek: string | null | undefined, served?: string | null): string {
  if (served) return served;
  return (greek && EXPOSURE_UNITS[greek]) || '$';
}

/** Dollar figure in the spec's compact form: `$1.23B`, `-$45.6M`, `$980`. */
export function formatDollars(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const s = nf({ notation: 'compact', maximumFractionDigits: 2 }).format(Math.abs(v));
  return `${v < 0 ? '-' : ''}$${s}`;
}

/** A value followed by its unit: `$1.23B per 1 % move`, or `21.5 %` for IV. */
export function formatWithUnit(v: number | null | undefined, greek: string): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const unit = exposureUnit(greek);
  if (unit === '%') return `${formatNumber(v, { decimals: 2 })} %`;
  if (unit.startsWith('$')) {
    const rest = unit.slice(1).trim();
    return rest ? `${formatDollars(v)} ${rest}` : formatDollars(v);
  }
  return `${formatNumber(v, { compact: true })} ${unit}`;
}

/** A price with two decimals: `8,528.10`. */
export function formatPrice(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  return nf({ minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);
}

/** Unit words of a screener change: the greek's exposure unit, dollars per share for price, or a percent. */
export function screenerUnit(flag: string, greek: string): string {
  if (flag === 'norm') return '% of the earlier value';
  if (greek === 'price') return '$ per share';
  return exposureUnit(greek);
}

/**
 * A screener change (methodology §4.8) in the spec's format: `norm` (a ratio) as a signed percent,
 * `diff` and `mag` as signed compact dollars (`-$350.23M`, `+$1.23K`); the unit words go in the header.
 */
export function formatScreenerValue(v: number | null | undefined, flag: string): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  if (flag === 'norm') return `${formatSigned(v * 100, { decimals: 2 })} %`;
  const s = formatDollars(v);
  return v > 0 ? `+${s}` : s;
}
