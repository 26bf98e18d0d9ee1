// Colour scales of the heatmap, the candle levels and the 3D surfaces, readable in both themes, and
// the tick helpers their axes and legends share (pure).
import { sequentialColor, type RGBA } from './colors';

export type ThemeMode = 'dark' | 'light';

type RGB = [number, number, number];

/** End and middle colours of the diverging scale per theme: the middle (zero) stays visible on the background. */
const DIVERGING: Record<ThemeMode, { neg: RGB; mid: RGB; pos: RGB }> = {
  dark: { neg: [240, 86, 90], mid: [92, 100, 124], pos: [47, 191, 113] },
  light: { neg: [208, 36, 52], mid: [200, 205, 218], pos: [21, 140, 74] },
};

const mix = (a: RGB, b: RGB, t: number): RGB => [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t)) as RGB;

/**
 * Position on a diverging scale symmetric about zero, in [-1, 1]. Greek exposure concentrates near the
 * money, so a linear scale paints most cells as zero: the magnitude is read on a square-root scale and
 * any non-zero value gets at least DEAD_BAND of the colour, so every cell shows its sign. Zero maps to 0.
 */
const DEAD_BAND = 0.3;

export function divergingPosition(v: number, halfWidth: number): number {
  if (!Number.isFinite(v) || v === 0) return 0;
  const t = Math.min(1, Math.abs(v) / (halfWidth || 1));
  return Math.sign(v) * (DEAD_BAND + (1 - DEAD_BAND) * Math.sqrt(t));
}

/** Value at a position of the diverging scale (inverse of `divergingPosition`; 0 inside the dead band). */
export function divergingValueAt(position: number, halfWidth: number): number {
  const a = Math.abs(position);
  if (a <= DEAD_BAND) return 0;
  const t = ((a - DEAD_BAND) / (1 - DEAD_BAND)) ** 2;
  return Math.sign(position) * t * halfWidth;
}

/** Colour of v on the scale symmetric about zero with half-width m: red below zero, green above. */
export function signColor(v: number | null | undefined, m: number, theme: ThemeMode = 'dark', alpha = 255): RGBA {
  if (v === null || v === undefined || !Number.isFinite(v)) return [0, 0, 0, 0];
  return colorAtPosition(divergingPosition(v, m), theme, alpha);
}

/** Colour at a position in [-1, 1] of the diverging scale. */
export function colorAtPosition(p: number, theme: ThemeMode = 'dark', alpha = 255): RGBA {
  const { neg, mid, pos } = DIVERGING[theme];
  const t = Math.max(-1, Math.min(1, p));
  const rgb = t >= 0 ? mix(mid, pos, t) : mix(mid, neg, -t);
  return [rgb[0], rgb[1], rgb[2], alpha];
}

export const cssColor = ([r, g, b, a]: RGBA): string => `rgba(${r},${g},${b},${(a / 255).toFixed(3)})`;

/** CSS gradient of a legend, left (low) to right (high). */
export function legendGradient(kind: 'diverging' | 'sequential', lo: number, hi: number, theme: ThemeMode, steps = 24): string {
  const stops: string[] = [];
  for (let k = 0; k <= steps; k += 1) {
    const f = k / steps;
    const c = kind === 'diverging' ? colorAtPosition(2 * f - 1, theme) : sequentialColor(lo + f * (hi - lo), lo, hi);
    stops.push(`${cssColor(c)} ${(f * 100).toFixed(1)}%`);
  }
  return `linear-gradient(to right, ${stops.join(', ')})`;
}

/** About `count` round tick values inside [lo, hi] (1, 2, 2.5 or 5 times a power of ten apart). */
export function niceTicks(lo: number, hi: number, count = 5): number[] {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [];
  if (hi < lo) [lo, hi] = [hi, lo];
  if (hi === lo) return [lo];
  const raw = (hi - lo) / Math.max(1, count);
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? 10 * p;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step) out.push(Math.abs(v) < step * 1e-9 ? 0 : Number(v.toPrecision(12)));
  return out;
}

/** Current theme from the document (the app sets data-theme on <html>). */
export function currentTheme(): ThemeMode {
  return typeof document !== 'undefined' && document.documentElement.getAttribute('data-theme') === 'light' ? 'light' : 'dark';
}
