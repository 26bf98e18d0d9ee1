// App spec §5: "Defaults: ticker SPX, kind both, greek charm" for every spec kind that has a greek or a kind.
import { describe, expect, it } from 'vitest';
import { DEFAULT_TICKER } from '../domain/labels';
import { kindDef } from './registry';

describe('new widget defaults', () => {
  it('are SPX, both sides and charm on the spec kinds', () => {
    expect(DEFAULT_TICKER).toBe('SPX');
    for (const kind of ['exposure', 'summary', 'surface', 'statistics', 'aggregate'] as const) {
      const c = kindDef(kind)!.defaults(DEFAULT_TICKER) as { ticker: string; greek?: string; kind?: string };
      expect(c.ticker, kind).toBe('SPX');
      expect(c.greek, kind).toBe('charm');
      if (c.kind !== undefined) expect(c.kind, kind).toBe('both');
    }
  });
});
