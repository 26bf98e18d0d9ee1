import { describe, expect, it } from 'vitest';
import type { ExposureChangeResponse, ExposureResponse } from '../../api/data';
import type { ChartConfiguration } from '../../domain/types';
import { preview } from '../shared/sample';
import { changeReadout, changeTimes, compareWords, isChange, profileLines } from './compare';
import exposure, { exposureChangeRequest } from './index';
import { exposureSeries } from './transform';

const strikes = Array.from({ length: 40 }, (_, i) => 8300 + 5 * i);
const now = strikes.map((_, i) => 1e8 * Math.sin(i / 5));
const then = strikes.map((_, i) => 1e8 * Math.cos(i / 7));

const change = (over: Partial<ExposureChangeResponse> = {}): ExposureChangeResponse =>
  preview<ExposureChangeResponse>({
    ticker: 'SPX', greek: 'gamma', kind: 'both', isCumulative: false,
    data: strikes.map((strike, i) => ({ strike, value: now[i] - then[i], call: now[i] - then[i], put: 0 })),
    expirations: ['2026-01-09'], currentPrice: 8400, lastModified: '2026-01-09T19:00:00Z',
    levels: { zeroGamma: 8350, callWall: 8450, putWall: 8300 },
    compareWith: 'previous', then: { lastModified: '2026-01-09T18:30:00Z', currentPrice: 8390 },
    profiles: { now, then },
    ...over,
  });

const config = (over: Partial<ChartConfiguration> = {}): ChartConfiguration => ({
  type: 'exposure', ticker: 'SPX', greek: 'gamma', kind: 'both', expirations: { option: 'ALL' }, isCumulative: false, ...over,
});

describe('the two times of a comparison', () => {
  it('reads both in New York time within one day', () => {
    expect(changeTimes('2026-01-09T18:30:00Z', '2026-01-09T19:00:00Z')).toBe('Change 13:30 → 14:00 ET');
  });
  it('names the days when the comparison spans sessions', () => {
    expect(changeTimes('2026-01-08T21:00:00Z', '2026-01-09T16:55:00Z')).toBe('Change Jan 8 16:00 → Jan 9 11:55 ET');
  });
  it('says nothing for a time it cannot read', () => {
    expect(changeTimes('soon', '2026-01-09T16:55:00Z')).toBe('');
  });
});

describe('the comparison in the subtitle and the caption', () => {
  it('names each choice', () => {
    expect(compareWords('previous')).toBe('Change since previous snapshot');
    expect(compareWords('open')).toBe('Change since session open');
    expect(compareWords('previous_close')).toBe('Change since previous close');
    expect(compareWords('time', '2026-01-08 14:00')).toMatch(/^Change since .*2026 14:00 ET$/);
    expect(compareWords(null)).toBe('');
  });
  it('leaves a chart without a comparison as it was', () => {
    expect(exposure.subtitle(config())).not.toMatch(/Change/);
    expect(exposure.caption(config())).toBe('SPX · Gamma exposure');
    expect(exposure.caption(config({ compareWith: 'open' }))).toBe('SPX · Gamma exposure change');
    expect(exposure.subtitle(config({ compareWith: 'previous_close' }))).toMatch(/Change since previous close/);
  });
});

describe('the request', () => {
  it('asks the exposure route when nothing is compared', () => {
    expect(exposureChangeRequest(config())).toBeNull();
    expect(exposure.queryOptions(config()).queryKey).toContain('exposure');
  });
  it('asks the change route with the chart parameters and the comparison', () => {
    const req = exposureChangeRequest(config({ compareWith: 'time', compareTime: '2026-01-08 14:00', compareOverlay: true, date: '2026-01-09 11:00', isCumulative: true }));
    expect(req).toEqual({
      ticker: 'SPX', greek: 'gamma', kind: 'both', expirations: { option: 'ALL' }, isCumulative: true,
      date: '2026-01-09 11:00', compareWith: 'time', compareTime: '2026-01-08 14:00', profiles: true,
    });
    expect(exposureChangeRequest(config({ compareWith: 'previous_close' }))).toEqual({
      ticker: 'SPX', greek: 'gamma', kind: 'both', expirations: { option: 'ALL' }, isCumulative: false, compareWith: 'previous_close', profiles: false,
    });
    expect(exposure.queryOptions(config({ compareWith: 'open' })).queryKey).toContain('exposure-change');
  });
  it('needs a time for a chosen time', () => {
    const errors = exposure.validate(config({ compareWith: 'time' }), { clock: { now: new Date('2026-01-09T17:00:00Z') } } as never);
    expect(errors.compareTime).toBeTruthy();
    expect(exposure.validate(config({ compareWith: 'time', compareTime: '2026-01-08 14:00' }), { clock: { now: new Date() } } as never).compareTime).toBeUndefined();
  });
});

describe('drawing a change answer', () => {
  it('is told apart from an exposure answer', () => {
    expect(isChange(change())).toBe(true);
    const { compareWith: _c, then: _t, profiles: _p, ...plain } = change();
    expect(isChange(preview<ExposureResponse>(plain))).toBe(false);
  });
  it('draws the served differences as the bars', () => {
    const s = exposureSeries(change(), { greek: 'gamma', window: 0 });
    expect(s.values).toEqual(strikes.map((_, i) => now[i] - then[i]));
  });
  it('puts both profiles on the bars, binned the same way', () => {
    const opts = { greek: 'gamma', window: 0, maxBars: 10 };
    const bars = exposureSeries(change(), opts);
    const lines = profileLines(change(), opts)!;
    expect(bars.binSize).toBe(4);
    expect(lines.now).toHaveLength(bars.strikes.length);
    lines.now.forEach((n, i) => expect((n as number) - (lines.then[i] as number)).toBeCloseTo(bars.values[i], 3));
    expect(lines.now[0]).toBeCloseTo(now.slice(0, 4).reduce((a, b) => a + b, 0), 3);
  });
  it('has no lines without profiles, or with profiles of another length', () => {
    expect(profileLines(change({ profiles: null }), { greek: 'gamma', window: 0 })).toBeNull();
    expect(profileLines(change({ profiles: { now: [1], then: [2] } }), { greek: 'gamma', window: 0 })).toBeNull();
  });
  it('reads a bar as changes, with both profiles when drawn', () => {
    const s = exposureSeries(change(), { greek: 'gamma', window: 0 });
    const lines = profileLines(change(), { greek: 'gamma', window: 0 });
    const text = changeReadout(s, 3, 'gamma', { kind: 'both' }, lines);
    expect(text[0]).toBe('Strike 8,315');
    expect(text.some((l) => l.startsWith('Δ Total'))).toBe(true);
    expect(text.slice(-2).map((l) => l.split(' ')[0])).toEqual(['Now', 'Then']);
    expect(changeReadout(s, 3, 'gamma', { kind: 'both' }, null).some((l) => l.startsWith('Now'))).toBe(false);
  });
});
