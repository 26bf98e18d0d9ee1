// Phone layout: the tap readout stays inside the plot whatever the tap position and the readout's width,
// and widget titles that differ only in their end ('Gamma' vs 'Gamma (cumulative)') are never cut short
// on a phone.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readoutLeft } from './readoutPlacement';

describe('tap readout placement', () => {
  it('sits beside the cursor and inside the plot', () => {
    // A 330 px plot (a phone) and a 250 px readout: a tap just left of the middle used to start it at
    // 177 px, so it ran 97 px off the right edge.
    for (const cursor of [0, 40, 165, 200, 329]) {
      const left = readoutLeft(cursor, 330, 250);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(left + 250).toBeLessThanOrEqual(330);
    }
    // Room on a desktop: right of the cursor in the left half, left of it in the right half.
    expect(readoutLeft(100, 1000, 200)).toBe(112);
    expect(readoutLeft(800, 1000, 200)).toBe(588);
  });
  it('a readout wider than the plot starts at its left edge', () => {
    expect(readoutLeft(100, 200, 260)).toBe(0);
  });
});

describe('widget titles on a phone', () => {
  const css = readFileSync(resolve(__dirname, '../../workspace/workspace.css'), 'utf8');
  const phone = [...css.matchAll(/@media \(max-width: 767px\) \{\n([\s\S]*?)\n\}/g)].map((m) => m[1]).join('\n');
  it('wrap instead of cutting the end of the title', () => {
    const rule = /\.ws-widget-title\s*\{([^}]*)\}/.exec(phone)?.[1] ?? '';
    expect(rule).toMatch(/white-space:\s*normal/);
    expect(rule).toMatch(/text-overflow:\s*clip/);
  });
  it('the readout wraps inside the plot', () => {
    const rule = /\.ws-readout\s*\{([^}]*)\}/.exec(phone)?.[1] ?? '';
    expect(rule).toMatch(/white-space:\s*normal/);
    expect(rule).toMatch(/max-width:\s*100%/);
  });
});
