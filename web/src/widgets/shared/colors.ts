// The greek colour rule (app spec §9) and colour scales symmetric about zero.

export const POSITIVE = '#2bb673';
export const NEGATIVE = '#e5484d';
export const NEUTRAL = '#8696c6';
export const SPOT = '#f5c518';

/** Greeks whose bars are "positive" simply when the value is above zero. */
export const SIGN_GREEKS = new Set(['delta', 'vega', 'theta', 'vomma', 'rho', 'dag']);

/**
 * Whether a bar reads as positive. Delta, vega, theta, vomma, rho and dag: value above zero.
 * The others (gamma, vanna, charm, …) depend on strike versus price: a value above zero reads
 * positive at strikes at or above the price and negative below it (and the reverse for values below
 * zero), because the dealer hedge flow they imply flips side as the price crosses the strike.
 */
export function isPositive(greek: string, value: number, strike: number, price: number | null | undefined): boolean {
  if (SIGN_GREEKS.has(greek) || price === null || price === undefined || !Number.isFinite(price)) return value > 0;
  const above = strike >= price;
  return value > 0 ? above : !above && value < 0;
}

export function barColor(greek: string, value: number, strike: number, price: number | null | undefined): string {
  if (value === 0) return NEUTRAL;
  return isPositive(greek, value, strike, price) ? POSITIVE : NEGATIVE;
}

/** Largest absolute finite value, at least a tiny epsilon so scales never collapse. */
export function maxAbs(values: Iterable<number | null | undefined>): number {
  let m = 0;
  for (const v of values) if (v !== null && v !== undefined && Number.isFinite(v)) m = Math.max(m, Math.abs(v));
  return m || 1e-12;
}

/** Symmetric range [-m, m] about zero for a set of values. */
export function symmetricRange(values: Iterable<number | null | undefined>): [number, number] {
  const m = maxAbs(values);
  return [-m, m];
}

export type RGBA = [number, number, number, number];

const NEG_RGB: [number, number, number] = [229, 72, 77];
const MID_RGB: [number, number, number] = [40, 44, 60];
const POS_RGB: [number, number, number] = [43, 182, 115];

function mix(a: [number, number, number], b: [number, number, number], t: number): [number, number, number] {
  return [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t)) as [number, number, number];
}

/** Diverging colour for v on a scale symmetric about zero with half-width m. */
export function divergingColor(v: number | null | undefined, m: number, alpha = 255): RGBA {
  if (v === null || v === undefined || !Number.isFinite(v)) return [0, 0, 0, 0];
  const t = Math.max(-1, Math.min(1, v / (m || 1)));
  const rgb = t >= 0 ? mix(MID_RGB, POS_RGB, t) : mix(MID_RGB, NEG_RGB, -t);
  return [rgb[0], rgb[1], rgb[2], alpha];
}

/** Sequential colour (for implied volatility) from low to high. */
export function sequentialColor(v: number | null | undefined, lo: number, hi: number, alpha = 255): RGBA {
  if (v === null || v === undefined || !Number.isFinite(v)) return [0, 0, 0, 0];
  const t = hi > lo ? Math.max(0, Math.min(1, (v - lo) / (hi - lo))) : 0.5;
  const rgb = t < 0.5 ? mix([49, 54, 149], [116, 173, 209], t * 2) : mix([116, 173, 209], [244, 109, 67], (t - 0.5) * 2);
  return [rgb[0], rgb[1], rgb[2], alpha];
}

export function rgbaCss([r, g, b, a]: RGBA): string {
  return `rgba(${r},${g},${b},${(a / 255).toFixed(3)})`;
}

export type Sign = 'positive' | 'negative' | 'neutral';

/** How a figure reads: above zero positive, below negative, zero or missing neutral. */
export function signOf(v: number | null | undefined): Sign {
  if (v === null || v === undefined || !Number.isFinite(v) || v === 0) return 'neutral';
  return v > 0 ? 'positive' : 'negative';
}
