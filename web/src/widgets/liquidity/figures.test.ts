import { describe, expect, it } from 'vitest';
import { liquidityFigures, formatDollarsExact } from './transform';
import { premiumFigures } from '../dealer_premium/transform';

describe('premium and liquidity figures carry dollars and units', () => {
  it('premium reads in dollars', () => {
    const f = premiumFigures({ dealerPremium: -3.19e9, zeroDteDealerPremium: 4.1e6, lastModified: null } as never);
    expect(f.map((x) => x.value)).toEqual(['-$3.19B', '$4.1M']);
  });
  it('DADS names its unit and shows its size with a sign for the change', () => {
    const f = liquidityFigures({ deltaAdjustedDealerSpread: 12.3456, dayToDayDeltaAdjustedDealerSpread: -0.5, deltaAdjustedDealerPremium: 2.5e8, lastModified: null } as never);
    expect(f[0]).toMatchObject({ value: '$12.346', unit: '$ per contract, weighted by |delta|' });
    expect(f[1].value).toBe('-$0.5');
    expect(f[2].value).toBe('$250M');
    expect(formatDollarsExact(1.5, true)).toBe('+$1.5');
  });
});
