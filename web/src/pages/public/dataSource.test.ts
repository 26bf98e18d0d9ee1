import { describe, expect, it } from 'vitest';
import { sourceClaims } from './dataSource';

describe('sourceClaims', () => {
  it('claims trade-by-trade processing only for sources with prints', () => {
    expect(sourceClaims('synthetic').engine).toMatch(/trade by trade/);
    expect(sourceClaims('opra-prints').engine).toMatch(/trade by trade/);
    expect(sourceClaims('massive-live').lead).toMatch(/live OPRA trade feed/);
    expect(sourceClaims('cboe-delayed').engine).not.toMatch(/trade by trade/);
    expect(sourceClaims('eod-file').engine).not.toMatch(/trade by trade/);
  });
  it('states the delay and what a quote-only source cannot derive', () => {
    expect(sourceClaims('cboe-delayed').lead).toMatch(/15 minutes/);
    expect(sourceClaims('cboe-delayed').lead).toMatch(/not available/);
    expect(sourceClaims('synthetic').lead).toMatch(/demonstration market/);
  });
  it('falls back to the demonstration market for an unknown answer', () => {
    expect(sourceClaims(undefined)).toEqual(sourceClaims('synthetic'));
  });
});
