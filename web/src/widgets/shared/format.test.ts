import { describe, expect, it } from 'vitest';
import { formatPercent, formatSigned } from './format';

describe('signed changes show their size', () => {
  it('never reads +0 for a non-zero change', () => {
    expect(formatSigned(0.01, { decimals: 2 })).toBe('+0.01');
    expect(formatSigned(0.004, { decimals: 2 })).toBe('+0.004');
    expect(formatSigned(-0.0004, { decimals: 2 })).toBe('-<0.001');
    expect(formatSigned(0, { decimals: 2 })).toBe('0');
    expect(formatSigned(-12.345, { decimals: 2 })).toBe('-12.35');
  });
  it('percent changes keep two decimals and their sign', () => {
    expect(formatPercent(0.06)).toBe('+0.06%');
    expect(formatPercent(-1.5)).toBe('-1.50%');
    expect(formatPercent(0.001)).toBe('+<0.01%');
    expect(formatPercent(0)).toBe('0.00%');
  });
});
