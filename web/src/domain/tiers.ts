// Subscription tiers (app spec §3, platform spec §3). A user has a subscription when any of their
// subscription ids is one of a tier's product ids; each tier maps to two payment-provider products.
// The product ids mirror the backend catalog (api/catalog.py); names are matched as a fallback so a
// catalog with different ids still shows the right tier.
import type { components } from '../api/schema';

/** What the tier rules read of a user (the users route's answer satisfies it). */
export interface Subscriber {
  subscriptions?: { id?: string | null; name?: string | null }[] | null;
  roles?: string[] | null;
  tier?: string | null;
}

/** The tiers of the users route's answer (the backend's OpenAPI enum). */
export type TierId = NonNullable<components['schemas']['User']['tier']>;

export interface Tier {
  id: TierId;
  label: string; // short label: Basic, 3, 30, Live
  name: string; // plan name: 'Volland Live'
  productIds: string[];
}

export const TIERS: Tier[] = [
  { id: 'basic', label: 'Basic', name: 'Volland Basic', productIds: ['prod_volland_basic', 'prod_volland_basic_launch'] },
  { id: '3', label: '3', name: 'Volland 3', productIds: ['prod_volland_3', 'prod_volland_3_launch'] },
  { id: '30', label: '30', name: 'Volland 30', productIds: ['prod_volland_30', 'prod_volland_30_launch'] },
  { id: 'live', label: 'Live', name: 'Volland Live', productIds: ['prod_volland_live', 'prod_volland_live_launch'] },
];

export function tierForSubscription(sub: { id?: string | null; name?: string | null }): Tier | null {
  for (const tier of TIERS) {
    if (sub.id && tier.productIds.includes(sub.id)) return tier;
  }
  const name = (sub.name ?? '').trim().toLowerCase();
  for (const tier of TIERS) {
    if (name === tier.name.toLowerCase() || name === tier.label.toLowerCase() || name === tier.id) return tier;
  }
  return null;
}

/** The highest tier among the user's subscriptions, or null without a plan. */
export function userTier(user: Pick<Subscriber, 'subscriptions' | 'tier'> | null | undefined): Tier | null {
  if (!user) return null;
  if (user.tier) {
    const byId = TIERS.find((t) => t.id === user.tier);
    if (byId) return byId;
  }
  let best: Tier | null = null;
  for (const sub of user.subscriptions ?? []) {
    const tier = tierForSubscription(sub);
    if (tier && (!best || TIERS.indexOf(tier) > TIERS.indexOf(best))) best = tier;
  }
  return best;
}

export function hasSubscription(user: Pick<Subscriber, 'subscriptions' | 'tier'> | null | undefined): boolean {
  return userTier(user) !== null;
}

export function isAdmin(user: Pick<Subscriber, 'roles'> | null | undefined): boolean {
  return Boolean(user?.roles?.includes('Admin'));
}

/** Same set of subscription ids (order-insensitive) — used to detect a plan change (app spec §4). */
export function sameSubscriptions(a: { id: string }[] | undefined, b: { id: string }[] | undefined): boolean {
  const x = new Set((a ?? []).map((s) => String(s.id)));
  const y = new Set((b ?? []).map((s) => String(s.id)));
  if (x.size !== y.size) return false;
  for (const id of x) if (!y.has(id)) return false;
  return true;
}

/** The Basic plan (the screener is not part of it). */
export function isBasicTier(tier: string | null | undefined): boolean {
  return (tier ?? '').toLowerCase() === 'basic';
}
