import { lazy } from 'react';
import { dataApi, dataKeys, type LiquidityResponse } from '../../api/data';
import type { TickerConfiguration } from '../../domain/types';
import type { KindDef } from '../types';
import { preview } from '../shared/sample';


const loadRenderer = () => import('./Renderer');
export const liquidityKind: KindDef<LiquidityResponse> = {
  kind: 'liquidity',
  title: 'Liquidity',
  type: 'LIQUIDITY',
  defaultSize: 'M',
  chart: false,
  Editor: lazy(() => import('../shared/TickerOnlyEditor')),
  Renderer: lazy(loadRenderer),
  preload: loadRenderer,
  queryOptions: (c: TickerConfiguration) => ({
    queryKey: dataKeys.widget('liquidity', { ticker: c.ticker, date: c.date ?? null }),
    queryFn: ({ signal }) => dataApi.liquidity(c.ticker, signal, c.date),
  }),
  isEmpty: (d) => d?.deltaAdjustedDealerSpread == null && d?.deltaAdjustedDealerPremium == null,
  sample: () => preview<LiquidityResponse>({ deltaAdjustedDealerSpread: 0.42, dayToDayDeltaAdjustedDealerSpread: -0.05, deltaAdjustedDealerPremium: 1.9e8, lastModified: null }),
  lastModified: (d) => d?.lastModified,
};
