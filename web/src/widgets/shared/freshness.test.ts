import { describe, expect, it } from 'vitest';
import { sourceLabel, stalledBadge } from './freshness';

describe('sourceLabel', () => {
  it('names the source and its delay', () => {
    expect(sourceLabel({ source: 'cboe-delayed', sourceDelay: 900, data: [] })).toBe('Cboe delayed · 15 min delay');
    expect(sourceLabel({ source: 'synthetic', sourceDelay: 0 })).toBe('Synthetic demo · no delay');
    expect(sourceLabel({ source: 'opra-prints', sourceDelay: null })).toBe('OPRA prints · as of file time');
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

describe('previous-close badge', () => {
  it('marks live data from an earlier New York session, never historical widgets', async () => {
    const { isPreviousClose } = await import('./freshness');
    // 2026-03-10 20:00 UTC is 16:00 New York on Mar 10.
    expect(isPreviousClose(null, '2026-03-10T20:00:00Z', '2026-03-11')).toBe(true);
    expect(isPreviousClose(null, '2026-03-11T14:35:00Z', '2026-03-11')).toBe(false);
    // 01:00 UTC on Mar 11 is still Mar 10 in New York.
    expect(isPreviousClose(null, '2026-03-11T01:00:00Z', '2026-03-11')).toBe(true);
    expect(isPreviousClose('2026-03-10 15:00', '2026-03-10T19:00:00Z', '2026-03-11')).toBe(false);
    expect(isPreviousClose(null, null, '2026-03-11')).toBe(false);
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
