import { describe, expect, it } from 'vitest';
import { sourceLabel } from './freshness';

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
