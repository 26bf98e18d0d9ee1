// Liquidity / spread figures (pure).
import type { LiquidityResponse } from '../../api/data';
import { formatNumber, formatSigned } from '../shared/format';

export function liquidityFigures(d: LiquidityResponse) {
  return [
    { label: 'Delta-adjusted dealer spread', value: formatNumber(d.deltaAdjustedDealerSpread, { decimals: 3 }) },
    { label: 'Day-to-day change', value: formatSigned(d.dayToDayDeltaAdjustedDealerSpread, { decimals: 3 }), raw: d.dayToDayDeltaAdjustedDealerSpread },
    { label: 'Delta-adjusted dealer premium', value: formatNumber(d.deltaAdjustedDealerPremium, { compact: true }), raw: d.deltaAdjustedDealerPremium },
  ];
}
