// The one widget registry: kind → {title, Editor, Renderer (lazy), queryOptions, defaultSize, …}.
import type { Kind, KindDef } from './types';
import { exposureKind } from './exposure';
import { summaryKind } from './summary';
import { statisticsKind } from './statistics';
import { surfaceKind } from './surface';
import { tickerKind } from './ticker';
import { aggregateKind } from './aggregate';
import { zeroDteKind } from './zerodte';
import { dealerPremiumKind } from './dealer_premium';
import { liquidityKind } from './liquidity';
import { screenerKind } from './screener';

export const registry: Record<Kind, KindDef<any>> = {
  summary: summaryKind,
  exposure: exposureKind,
  surface: surfaceKind,
  statistics: statisticsKind,
  ticker: tickerKind,
  aggregate: aggregateKind,
  zerodte: zeroDteKind,
  dealer_premium: dealerPremiumKind,
  liquidity: liquidityKind,
  screener: screenerKind,
};

/** The kinds in the widget dialog's order. */
export const KINDS = Object.keys(registry) as Kind[];

export function kindDef(kind: Kind | null | undefined): KindDef<any> | null {
  return kind ? registry[kind] ?? null : null;
}
