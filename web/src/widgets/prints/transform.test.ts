import { describe, expect, it } from 'vitest';
import type { PrintsResponse, TapePrint } from '../../api/data';
import { preview } from '../shared/sample';
import { contractLabel, money, printsRequest, tapeCsv, tapeRows, tapeTime } from './transform';

const print = (over: Partial<TapePrint> = {}): TapePrint => ({
  ts: '2026-01-09T15:31:05Z', expiration: '2026-01-16', strike: 5800, right: 'P', size: 500, price: 31.2, bid: 31, ask: 31.4,
  premium: 1_560_000, customerSide: 'buy', dealerSide: 'sell', legs: 'single', condition: 'single', packageId: null, ...over,
});

describe('prints tape', () => {
  it('asks for a page with the configuration’s filters', () => {
    expect(printsRequest({ ticker: 'SPX', side: 'sell', minPremium: 1e5 }, 3)).toEqual({
      ticker: 'SPX', expirations: null, minPremium: 1e5, side: 'sell', sort: 'premium', page: 3, pageSize: 50, date: null,
    });
  });
  it('writes times in New York, contracts and premiums for reading', () => {
    expect(tapeTime('2026-01-09T15:31:05Z')).toBe('10:31:05');
    expect(contractLabel(print())).toBe('Jan 16 5800 P');
    expect(money(1_560_000)).toBe('$1.56M');
    expect(money(25_300)).toBe('$25.3K');
    expect(money(999)).toBe('$999');
  });
  it('states each side, the NBBO and the legs of a print', () => {
    const rows = tapeRows(preview<PrintsResponse>({ prints: [print(), print({ customerSide: null, dealerSide: null, bid: null, legs: 'multi', condition: 'spread', packageId: '21789797480753566' })] }));
    expect(rows[0]).toMatchObject({ customer: 'Buy', dealer: 'Sell', nbbo: '31.00 × 31.40', legs: 'Single', side: 'buy', size: '500', price: '31.20' });
    expect(rows[1]).toMatchObject({ customer: '—', dealer: '—', nbbo: '—', legs: 'Multi (spread)', side: '' });
  });
  it('keeps the served numbers in the CSV', () => {
    const csv = tapeCsv(preview<PrintsResponse>({ prints: [print()] }));
    expect(csv.rows[0]).toEqual(['2026-01-09T15:31:05Z', '2026-01-16', 5800, 'P', 500, 31.2, 31, 31.4, 1_560_000, 'buy', 'sell', 'single', 'single', null]);
    expect(csv.columns).toHaveLength(csv.rows[0].length);
  });
});
