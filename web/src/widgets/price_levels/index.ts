import { lazy } from 'react';
import { dataApi, dataKeys, type PriceLevelsRequest, type PriceLevelsResponse } from '../../api/data';
import { describeExpirations, validateExpirations } from '../../domain/expirations';
import type { KindParts } from '../types';
import { joinParts, modeWords, tickerErrors } from '../shared/kindParts';
import { samplePriceLevels } from './sample';
import type { PriceLevelsConfiguration } from './transform';

export type { PriceLevelsConfiguration };

export function priceLevelsRequest(c: PriceLevelsConfiguration): PriceLevelsRequest {
  return {
    ticker: c.ticker,
    expirations: c.expirations ?? { option: 'ALL' as const },
    previousSessions: c.previousSessions ?? 0,
    date: c.date ?? null,
  };
}

const loadRenderer = () => import('./Renderer');

const priceLevels: KindParts<PriceLevelsResponse, PriceLevelsConfiguration> = {
  kind: 'price_levels',
  title: 'Price and levels',
  Editor: lazy(() => import('./Editor')),
  Renderer: lazy(loadRenderer),
  preload: loadRenderer,
  queryOptions: (c) => {
    const req = priceLevelsRequest(c);
    return { queryKey: dataKeys.widget('price_levels', req), queryFn: ({ signal }) => dataApi.priceLevels(req, signal) };
  },
  isEmpty: (d) => !d?.candles?.length && !d?.levels?.length,
  sample: () => samplePriceLevels(),
  expirations: (d) => d?.expirations,
  lastModified: (d) => d?.lastModified,
  defaults: (ticker) => ({ type: 'price_levels', ticker, greek: 'gamma', expirations: { option: 'ALL' }, previousSessions: 0 }),
  validate: (c, ctx) => {
    const errors = tickerErrors(c);
    if (ctx.availableExpirations) {
      const m = validateExpirations(c.expirations, ctx.availableExpirations, ctx.clock, Boolean(c.date));
      if (m) errors.expirations = m;
    }
    return errors;
  },
  caption: (c) => `${c.ticker} · Price and levels`,
  subtitle: (c) =>
    joinParts([
      describeExpirations(c.expirations),
      c.previousSessions ? `+${c.previousSessions} earlier session${c.previousSessions > 1 ? 's' : ''}` : '',
      modeWords(c.date),
    ]),
  needs: ['expirations'],
  eagerErrors: ['expirations'],
  headerExpirations: true,
};
export default priceLevels;
