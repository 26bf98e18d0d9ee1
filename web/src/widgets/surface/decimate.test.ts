import { describe, expect, it } from 'vitest';
import { decimateIndices, surfaceMesh } from './transform';

describe('surface mesh decimation', () => {
  it('keeps at most max evenly spaced indices with both ends', () => {
    expect(decimateIndices(5, 10)).toEqual([0, 1, 2, 3, 4]);
    expect(decimateIndices(101, 5)).toEqual([0, 25, 50, 75, 100]);
    expect(decimateIndices(400, 60)).toHaveLength(60);
  });
  it('limits the cells of a large plane', () => {
    const strikes = Array.from({ length: 300 }, (_, i) => 5000 + 5 * i);
    const expirations = Array.from({ length: 40 }, (_, j) => `2026-${String(1 + (j % 12)).padStart(2, '0')}-15`);
    const z = expirations.map((_, j) => strikes.map((_, i) => Math.sin(i / 10) * (j + 1)));
    const full = surfaceMesh({ strikes, expirations, z } as never, false);
    const small = surfaceMesh({ strikes, expirations, z } as never, false, { maxStrikes: 50, maxExpirations: 20 });
    expect(full.cells).toHaveLength(299 * 39);
    expect(small.cells).toHaveLength(49 * 19);
    expect(small.strikes[0]).toBe(5000);
    expect(small.strikes[small.strikes.length - 1]).toBe(strikes[299]);
    expect(small.range).toEqual(full.range);
  });
});
