// Dealer premium figures (pure): cash dealers received (+) or paid (−) today, in dollars (methodology §4.2).
import type { PremiumResponse } from '../../api/data';
import { formatDollars } from '../shared/units';

/** The served unit words (data/units.py). */
const PREMIUM_UNIT = '$ (cash dealers received, + ; paid, −)';

export function premiumFigures(d: PremiumResponse) {
  return [
    { label: 'Dealer premium', unit: PREMIUM_UNIT, help: 'dealer-premium', value: formatDollars(d.dealerPremium), raw: d.dealerPremium },
    { label: '0DTE dealer premium', unit: PREMIUM_UNIT, help: 'dealer-premium', value: formatDollars(d.zeroDteDealerPremium), raw: d.zeroDteDealerPremium },
  ];
}
