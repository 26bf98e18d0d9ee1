import { describe, expect, it } from 'vitest';
import { colorAtPosition, divergingPosition, divergingValueAt, legendGradient, niceTicks, signColor } from './scales';
import { TIME_LABEL_MAX_CHARS, TIME_TICK_SPACE, clockET, readoutTimeET, timeTickLabels } from './timeAxis';

describe('diverging scale symmetric about zero', () => {
  it('colours every non-zero value by its sign, zero with the middle colour', () => {
    for (const theme of ['dark', 'light'] as const) {
      const mid = colorAtPosition(0, theme);
      expect(signColor(0, 10, theme)).toEqual(mid);
      const up = signColor(0.001, 10, theme);
      const down = signColor(-0.001, 10, theme);
      // A tiny value still leans to green (positive) or red (negative).
      expect(up[1]).toBeGreaterThan(up[0]);
      expect(down[0]).toBeGreaterThan(down[1]);
    }
  });
  it('places v and -v at mirrored positions, and inverts', () => {
    for (const v of [0.5, 2, 7, 10, 25]) {
      expect(divergingPosition(-v, 10)).toBeCloseTo(-divergingPosition(v, 10));
      if (v <= 10) expect(divergingValueAt(divergingPosition(v, 10), 10)).toBeCloseTo(v);
    }
    expect(divergingPosition(25, 10)).toBe(1);
  });
  it('keeps zero visible against the background of each theme', () => {
    const dark = colorAtPosition(0, 'dark');
    const light = colorAtPosition(0, 'light');
    // Dark theme background #0b0f17, light #f5f7fb: the middle colour is far from both.
    expect(dark.slice(0, 3).reduce((a, b) => a + b, 0) / 3).toBeGreaterThan(80);
    expect(light.slice(0, 3).reduce((a, b) => a + b, 0) / 3).toBeLessThan(230);
  });
  it('draws the legend gradient from red through the middle to green', () => {
    const g = legendGradient('diverging', -5, 5, 'light', 4);
    expect(g).toMatch(/^linear-gradient\(to right, rgba\(208,36,52,1\.000\) 0\.0%/);
    expect(g).toContain('rgba(21,140,74,1.000) 100.0%');
  });
});

describe('nice ticks', () => {
  it('are round and inside the range', () => {
    expect(niceTicks(5712, 6390, 5)).toEqual([5800, 6000, 6200]);
    expect(niceTicks(-4e9, 4e9, 4)).toEqual([-4e9, -2e9, 0, 2e9, 4e9]);
    expect(niceTicks(0.12, 0.31, 4)).toEqual([0.15, 0.2, 0.25, 0.3]);
  });
});

describe('intraday time labels', () => {
  // 2026-11-18 14:30 UTC is the 09:30 New York open.
  const open = Date.UTC(2026, 10, 18, 14, 30) / 1000;
  it('read in New York on one short line, spaced wider than the widest label', () => {
    expect(clockET(open)).toBe('09:30');
    const labels = timeTickLabels([open, open + 1800, open + 3600], 1800);
    expect(labels).toEqual(['09:30', '10:00', '10:30']);
    expect(timeTickLabels([open], 86_400)).toEqual(['Nov 18']);
    for (const l of [...labels, 'Nov 18', 'Dec 31']) expect(l.length).toBeLessThanOrEqual(TIME_LABEL_MAX_CHARS);
    // Six characters of a 12 px sans-serif font are at most about 7 px each.
    expect(TIME_TICK_SPACE).toBeGreaterThanOrEqual(TIME_LABEL_MAX_CHARS * 7 + 16);
  });
  it('gives readouts the date and time in ET', () => {
    expect(readoutTimeET(open)).toBe('Nov 18 09:30 ET');
  });
});
