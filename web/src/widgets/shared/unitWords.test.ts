// The same unit words everywhere: the web's unit table (readouts, tiles, screener header, trend axis)
// says exactly what the server serves with each answer (data/units.py), which is what the exposure
// axis titles show.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPOSURE_UNITS, exposureUnit, formatWithUnit } from './units';
import { exposureReadout, exposureSeries } from '../exposure/transform';
import type { ExposureResponse } from '../../api/data';

const served = (() => {
  const py = readFileSync(resolve(__dirname, '../../../../data/units.py'), 'utf8');
  const out: Record<string, string> = {};
  for (const m of py.matchAll(/"(\w+)":\s*Unit\("([^"]+)"/g)) out[m[1]] = m[2];
  return out;
})();

describe('unit words', () => {
  it('the web table matches the served units for every greek', () => {
    const greeks = ['delta', 'gamma', 'dag', 'vanna', 'charm', 'vega', 'theta', 'vomma', 'rho'];
    expect(greeks.length).toBeGreaterThanOrEqual(9);
    for (const g of greeks) expect(EXPOSURE_UNITS[g], g).toBe(served[g]);
  });

  it('a hover readout uses the words of the axis title', () => {
    const resp = { currentPrice: 100, data: [{ strike: 100, value: 2e9, call: 1.5e9, put: 0.5e9 }] } as unknown as ExposureResponse;
    const s = exposureSeries(resp, { greek: 'charm', window: 0 });
    const axisUnit = exposureUnit('charm', served.charm);
    for (const line of exposureReadout(s, 0, 'charm').slice(1)) expect(line.endsWith(axisUnit.replace(/^\$\s*/, ''))).toBe(true);
    expect(formatWithUnit(1.234e9, 'gamma')).toBe('$1.23B delta per 1 % move');
  });
});

describe('unit words on the value tiles', () => {
  it('liquidity and dealer premium tiles name the served units', async () => {
    const { liquidityFigures } = await import('../liquidity/transform');
    const { premiumFigures } = await import('../dealer_premium/transform');
    const liq = liquidityFigures({ deltaAdjustedDealerSpread: 1, dayToDayDeltaAdjustedDealerSpread: 1, deltaAdjustedDealerPremium: 1 } as never);
    expect(liq.map((f) => f.unit)).toEqual([served.deltaAdjustedDealerSpread, served.dayToDayDeltaAdjustedDealerSpread, served.deltaAdjustedDealerPremium]);
    const prem = premiumFigures({ dealerPremium: 1, zeroDteDealerPremium: 1 } as never);
    expect(prem.map((f) => (f as { unit?: string }).unit)).toEqual([served.dealerPremium, served.zeroDteDealerPremium]);
  });
});
