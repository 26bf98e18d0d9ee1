// Dealer premium figures (pure).
import type { PremiumResponse } from '../../api/data';
import { formatNumber } from '../shared/format';

export function premiumFigures(d: PremiumResponse) {
  return [
    { label: 'Dealer premium', value: formatNumber(d.dealerPremium, { compact: true }), raw: d.dealerPremium },
    { label: '0DTE dealer premium', value: formatNumber(d.zeroDteDealerPremium, { compact: true }), raw: d.zeroDteDealerPremium },
  ];
}
