import { dataApi, type LiquidityResponse } from '../../api/data';
import { preview } from '../shared/sample';
import { valueKind } from '../shared/valueKind';

export default valueKind<LiquidityResponse>({
  kind: 'liquidity',
  title: 'Liquidity',
  load: dataApi.liquidity,
  loadRenderer: () => import('./Renderer'),
  csvFields: ['deltaAdjustedDealerSpread', 'dayToDayDeltaAdjustedDealerSpread', 'deltaAdjustedDealerPremium'],
  isEmpty: (d) => d?.deltaAdjustedDealerSpread == null && d?.deltaAdjustedDealerPremium == null,
  sample: () => preview<LiquidityResponse>({ deltaAdjustedDealerSpread: 0.42, dayToDayDeltaAdjustedDealerSpread: -0.05, deltaAdjustedDealerPremium: 1.9e8, lastModified: null }),
});
