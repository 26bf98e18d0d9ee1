import { lazy } from 'react';
import { dataApi, dataKeys, type PremiumResponse } from '../../api/data';
import type { TickerConfiguration } from '../../domain/types';
import type { KindDef } from '../types';
import { preview } from '../shared/sample';


const loadRenderer = () => import('./Renderer');
export const dealerPremiumKind: KindDef<PremiumResponse> = {
  kind: 'dealer_premium',
  title: 'Dealer Premium',
  type: 'DEALER_PREMIUM',
  defaultSize: 'M',
  chart: false,
  Editor: lazy(() => import('../shared/TickerOnlyEditor')),
  Renderer: lazy(loadRenderer),
  preload: loadRenderer,
  queryOptions: (c: TickerConfiguration) => ({
    queryKey: dataKeys.widget('dealer_premium', { ticker: c.ticker, date: c.date ?? null }),
    queryFn: ({ signal }) => dataApi.premium(c.ticker, signal, c.date),
  }),
  isEmpty: (d) => d?.dealerPremium == null && d?.zeroDteDealerPremium == null,
  sample: () => preview<PremiumResponse>({ dealerPremium: 4.1e8, zeroDteDealerPremium: -6.5e7, lastModified: null }),
  lastModified: (d) => d?.lastModified,
};
