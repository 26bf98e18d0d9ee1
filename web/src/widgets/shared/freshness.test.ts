import { describe, expect, it } from 'vitest';
import { sourceLabel, stalledBadge, widgetFreshness } from './freshness';

describe('sourceLabel', () => {
  it('names the source and its delay', () => {
    expect(sourceLabel({ source: 'cboe-delayed', sourceDelay: 900, data: [] })).toBe('Cboe delayed · 15 min delay');
    expect(sourceLabel({ source: 'synthetic', sourceDelay: 0 })).toBe('Synthetic demo · no delay');
    expect(sourceLabel({ source: 'opra-prints', sourceDelay: null })).toBe('OPRA prints · as of file time');
    expect(sourceLabel({ source: 'databento-live', sourceDelay: 0 })).toBe('OPRA live · no delay');
    expect(sourceLabel({ source: 'massive-live', sourceDelay: 0 })).toBe('OPRA live (Massive) · no delay');
    expect(sourceLabel({ source: 'eod-file', sourceDelay: null })).toBe('EOD file · as of file time');
  });
  it('looks one level into composite widget data', () => {
    expect(sourceLabel({ view: 'trend', trend: { source: 'cboe-delayed', sourceDelay: 900 } })).toBe(
      'Cboe delayed · 15 min delay',
    );
  });
  it('is null when the answer says nothing', () => {
    expect(sourceLabel({ data: [] })).toBeNull();
    expect(sourceLabel(null)).toBeNull();
  });
});

describe('widget freshness: one state per widget', () => {
  // Friday 2026-01-09 13:45:40 New York.
  const now = new Date('2026-01-09T18:45:40Z');
  it('a Basic subscriber in the session sees PREVIOUS CLOSE only, never LIVE', () => {
    const f = widgetFreshness({ tier: 'basic', now, date: null, lastModified: '2026-01-08T21:00:00Z', expirations: ['2026-01-09'], allExpirations: false });
    expect(f?.state).toBe('PREVIOUS CLOSE');
    expect(f?.label).toBe('PREVIOUS CLOSE · Jan 8, 2026 close, next 19:00');
    expect(f?.asOf).toBe('Jan 8, 16:00 ET');
    expect(f?.expiry).toBe('EXPIRES TODAY');
  });
  it('a Volland 30 subscriber at 13:45 reads DELAYED with the 13:30 slot, not LIVE', () => {
    const f = widgetFreshness({ tier: '30', now, date: null, lastModified: '2026-01-09T18:30:00Z' });
    expect(f?.label).toBe('DELAYED · Volland 30 · 13:30 slot, next 14:00');
    expect(f?.asOf).toBe('Jan 9, 13:30 ET');
  });
  it('Live drawing the newest snapshot is LIVE; a chart over all expirations reads the spec words of its nearest expiration', () => {
    const f = widgetFreshness({ tier: 'live', now, date: null, lastModified: '2026-01-09T18:45:00Z', expirations: ['2026-01-16', '2026-01-12'], allExpirations: true });
    expect(f?.label).toBe('LIVE · as of 13:45 ET');
    expect(f?.expiry).toBe('EXPIRES IN 3 DAYS');
  });
  it('Live on a store published every 15 minutes is LIVE on the newest snapshot next-refresh names, DELAYED on an older one', () => {
    const at = new Date('2026-01-09T18:52:00Z');
    expect(widgetFreshness({ tier: 'live', now: at, date: null, lastModified: '2026-01-09T18:45:00Z', newest: '2026-01-09T18:45:00Z' })?.label).toBe('LIVE · as of 13:45 ET');
    expect(widgetFreshness({ tier: 'live', now: at, date: null, lastModified: '2026-01-09T18:30:00Z', newest: '2026-01-09T18:45:00Z' })?.label).toBe('DELAYED · Volland Live · 13:30 slot, next 13:55');
  });
  it('historical mode is HISTORICAL with the chosen date and time, and passed expirations OUTDATED', () => {
    expect(widgetFreshness({ tier: 'live', now, date: '2025-11-20 15:00', lastModified: '2025-11-20T20:00:00Z' })?.label).toBe('HISTORICAL · Nov 20, 2025 15:00 ET');
    expect(widgetFreshness({ tier: 'live', now, date: null, lastModified: '2026-01-09T18:45:00Z', expirations: ['2026-01-08'] })?.state).toBe('OUTDATED');
  });
  it('is unknown until the tier is known, except in historical mode', () => {
    expect(widgetFreshness({ tier: undefined, now, date: null, lastModified: null })).toBeNull();
    expect(widgetFreshness({ tier: undefined, now, date: '2025-11-20 15:00', lastModified: null })?.state).toBe('HISTORICAL');
  });
});

describe('stalled badge', () => {
  it('shows on live widgets when next-refresh says stalled, with the newest snapshot time', () => {
    const title = stalledBadge(null, { stalled: true, lastPublished: '2026-01-12T15:05:00Z' });
    expect(title).toContain('stalled');
    expect(title).toContain('Jan 12, 10:05 New York time');
  });
  it('is absent when not stalled, unknown, or on a historical widget', () => {
    expect(stalledBadge(null, { stalled: false, lastPublished: '2026-01-12T15:05:00Z' })).toBeNull();
    expect(stalledBadge(null, undefined)).toBeNull();
    expect(stalledBadge('2026-01-09 15:00', { stalled: true, lastPublished: null })).toBeNull();
  });
  it('works without a last published time', () => {
    expect(stalledBadge(undefined, { stalled: true, lastPublished: null })).toMatch(/^Data refresh is stalled/);
  });
});
