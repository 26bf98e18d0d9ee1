import { lazy } from 'react';
import { dataApi, dataKeys, type PrintsResponse } from '../../api/data';
import { describeExpirations, validateExpirations } from '../../domain/expirations';
import type { KindParts } from '../types';
import { joinParts, modeWords, tickerErrors } from '../shared/kindParts';
import { preview } from '../shared/sample';
import { SIDE_LABELS, money, printsRequest, tapeCsv, type PrintsConfiguration } from './transform';

const loadRenderer = () => import('./Renderer');

function samplePrints(): PrintsResponse {
  const prints = Array.from({ length: 12 }, (_, i) => ({
    ts: new Date(Date.UTC(2026, 0, 5, 15, 10 + 7 * i)).toISOString(), expiration: '2026-01-16', strike: 5150 + 10 * (i % 6),
    right: i % 2 ? 'C' : 'P', size: 900 - 60 * i, price: 12.5 - 0.4 * i, bid: 12.3 - 0.4 * i, ask: 12.7 - 0.4 * i,
    premium: (900 - 60 * i) * (12.5 - 0.4 * i) * 100, customerSide: i % 3 ? 'buy' : 'sell', dealerSide: i % 3 ? 'sell' : 'buy',
    legs: i % 4 ? 'single' : 'multi', condition: i % 4 ? 'single' : 'spread', packageId: i % 4 ? null : String(1000 + i),
  }));
  return preview<PrintsResponse>({ ticker: 'SPX', session: '2026-01-05', expirations: null, total: prints.length, page: 1, pageSize: 50, prints });
}

const prints: KindParts<PrintsResponse, PrintsConfiguration> = {
  kind: 'prints',
  title: 'Largest prints',
  Editor: lazy(() => import('./Editor')),
  Renderer: lazy(loadRenderer),
  preload: loadRenderer,
  queryOptions: (c) => {
    const req = printsRequest(c, 1);
    return { queryKey: dataKeys.widget('prints', req), queryFn: ({ signal }) => dataApi.prints(req, signal) };
  },
  isEmpty: (d) => !d?.prints?.length,
  sample: () => samplePrints(),
  expirations: (d) => d?.expirations ?? undefined,
  lastModified: (d) => d?.lastModified,
  defaults: (ticker) => ({ ticker, side: 'all', sort: 'premium', minPremium: 0 }),
  validate: (c, ctx) => {
    const errors = tickerErrors(c);
    if (c.minPremium !== undefined && !(c.minPremium >= 0)) errors.minPremium = 'Enter a premium of $0 or more.';
    if (ctx.availableExpirations && c.expirations) {
      const m = validateExpirations(c.expirations, ctx.availableExpirations, ctx.clock, Boolean(c.date));
      if (m) errors.expirations = m;
    }
    return errors;
  },
  caption: (c) => `${c.ticker} · ${c.sort === 'time' ? 'Latest prints' : 'Largest prints'}`,
  subtitle: (c) =>
    joinParts([
      c.side && c.side !== 'all' ? SIDE_LABELS[c.side] : '',
      c.minPremium ? `Premium ≥ ${money(c.minPremium)}` : '',
      c.expirations ? describeExpirations(c.expirations) : '',
      modeWords(c.date),
    ]),
  toCsv: (d) => tapeCsv(d),
  needs: ['expirations'],
};
export default prints;
