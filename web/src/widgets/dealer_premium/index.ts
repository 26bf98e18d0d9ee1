import { dataApi, type PremiumResponse } from '../../api/data';
import { preview } from '../shared/sample';
import { valueKind } from '../shared/valueKind';

export default valueKind<PremiumResponse>({
  kind: 'dealer_premium',
  title: 'Dealer Premium',
  load: dataApi.premium,
  loadRenderer: () => import('./Renderer'),
  csvFields: ['dealerPremium', 'zeroDteDealerPremium'],
  isEmpty: (d) => d?.dealerPremium == null && d?.zeroDteDealerPremium == null,
  sample: () => preview<PremiumResponse>({ dealerPremium: 4.1e8, zeroDteDealerPremium: -6.5e7, lastModified: null }),
});
