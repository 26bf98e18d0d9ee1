// Liquidity / spread figures (pure), in dollars with their units (methodology §4.3, §3.1).
import type { LiquidityResponse } from '../../api/data';
import { nf } from '../../lib/format';
import { formatDollars } from '../shared/units';

// The served unit words (data/units.py), as on every other figure of the answer.
const DADS_UNIT = '$ per contract, weighted by |delta|';

/** A dollar figure with up to three decimals and its sign: '$12.345', '-$0.5', '+$1.2' when signed. */
export function formatDollarsExact(v: number | null | undefined, signed = false): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const body = nf({ maximumFractionDigits: 3 }).format(Math.abs(v));
  const sign = v < 0 ? '-' : signed && v > 0 ? '+' : '';
  return `${sign}$${body}`;
}

export function liquidityFigures(d: LiquidityResponse) {
  return [
    { label: 'Delta-adjusted dealer spread', help: 'dads', unit: DADS_UNIT, value: formatDollarsExact(d.deltaAdjustedDealerSpread) },
    { label: 'Day-to-day change', unit: DADS_UNIT, value: formatDollarsExact(d.dayToDayDeltaAdjustedDealerSpread, true), raw: d.dayToDayDeltaAdjustedDealerSpread },
    { label: 'Delta-adjusted dealer premium', help: 'dap', unit: '$ (cash, weighted by |delta|)', value: formatDollars(d.deltaAdjustedDealerPremium), raw: d.deltaAdjustedDealerPremium },
  ];
}
