import { describe, expect, it } from 'vitest';
import { exposureSeries, strikeWindow } from './transform';
import { colourRule } from './Legend';
import type { ExposureResponse } from '../../api/data';

const resp = (over: Partial<ExposureResponse> = {}): ExposureResponse =>
  ({
    ticker: 'SPX', greek: 'gamma', kind: 'both', isCumulative: false, expirations: [], lastModified: null, currentPrice: 100,
    data: Array.from({ length: 81 }, (_, i) => ({ strike: 80 + i * 0.5, value: 1, call: 1, put: 0 })),
    ...over,
  }) as ExposureResponse;

describe('strike range', () => {
  it('defaults to twice the 30-day expected move', () => {
    const w = strikeWindow(resp({ expectedMove: { days: 30, iv: 0.2, points: 3 } }));
    expect(w.window).toBeCloseTo(0.06);
    expect(w.label).toBe('±6 % (2× 30-day expected move)');
    const s = exposureSeries(resp(), { greek: 'gamma', window: w.window });
    expect(Math.min(...s.strikes)).toBe(94);
    expect(Math.max(...s.strikes)).toBe(106);
  });
  it('keeps the automatic range between ±2 % and ±25 %', () => {
    expect(strikeWindow(resp({ expectedMove: { days: 30, iv: 0.01, points: 0.1 } })).window).toBe(0.02);
    expect(strikeWindow(resp({ expectedMove: { days: 30, iv: 2, points: 40 } })).window).toBe(0.25);
  });
  it('uses the widget setting, else ±12 % without an expected move', () => {
    expect(strikeWindow(resp({ expectedMove: { days: 30, iv: 0.2, points: 3 } }), 10)).toEqual({ window: 0.1, label: '±10 %' });
    expect(strikeWindow(resp({ expectedMove: null })).window).toBe(0.12);
  });
});

describe('legend colour rule', () => {
  it('explains sign greeks and strike-versus-spot greeks differently', () => {
    expect(colourRule('delta').positive).toBe('above zero');
    expect(colourRule('gamma').positive).toContain('at or above spot');
  });
});
