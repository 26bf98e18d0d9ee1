// Dealer premium figures (pure): cash dealers received (+) or paid (−) today, in dollars (methodology §4.2).
import type { PremiumResponse } from '../../api/data';
import { formatDollars } from '../shared/units';

export function premiumFigures(d: PremiumResponse) {
  return [
    { label: 'Dealer premium', help: 'dealer-premium', value: formatDollars(d.dealerPremium), raw: d.dealerPremium },
    { label: '0DTE dealer premium', help: 'dealer-premium', value: formatDollars(d.zeroDteDealerPremium), raw: d.zeroDteDealerPremium },
  ];
}
