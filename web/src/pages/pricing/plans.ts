// Pure rules of the plan lists (platform spec §4, §9). Unit-tested in plans.test.ts.
import type { Product } from '../../api/products';
import { priceOf } from '../../api/products';
import type { User } from '../../api/users';
import { TIERS, userTier } from '../../domain/tiers';
import type { PlanType } from '../../api/products';

/** Regular plans are limited to the known tiers' product ids. */
export const ALLOWED_REGULAR_IDS: readonly string[] = TIERS.flatMap((t) => t.productIds);

type PlanUser = Pick<User, 'subscriptions' | 'apiSubscriptions'> & { tier?: string | null; planName?: string | null };

export function isCurrentRegular(product: Product, user: PlanUser | null | undefined): boolean {
  if (!user) return false;
  const current = userTier(user);
  if (!current) return false;
  return product.tier === current.id || current.productIds.includes(product.id);
}

/** Regular: allowed ids only, minus the user's current plan. Api: minus the current api plan name. */
export function visiblePlans(products: Product[], type: PlanType, user: PlanUser | null | undefined): Product[] {
  let list: Product[];
  if (type === 'regular') {
    list = products.filter((p) => ALLOWED_REGULAR_IDS.includes(p.id) && !isCurrentRegular(p, user));
  } else {
    const owned = new Set((user?.apiSubscriptions ?? []).map((s) => s.name));
    list = products.filter((p) => !owned.has(p.name));
  }
  return sortPlans(list);
}

/** Price ascending, a null price first; stable for equal prices. */
export function sortPlans(products: Product[]): Product[] {
  return products
    .map((p, i) => ({ p, i }))
    .sort((a, b) => {
      const x = priceOf(a.p)?.amount;
      const y = priceOf(b.p)?.amount;
      if (x === undefined && y === undefined) return a.i - b.i;
      if (x === undefined) return -1;
      if (y === undefined) return 1;
      return x - y || a.i - b.i;
    })
    .map(({ p }) => p);
}

/** '$amount', with '/month' for subscription payments. */
export function priceLabel(product: Product): string {
  const price = priceOf(product);
  if (!price) return 'Unlimited Access';
  const amount = Number.isInteger(price.amount) ? String(price.amount) : price.amount.toFixed(2);
  return `$${amount}${product.metadata?.paymentType === 'subscription' ? '/month' : ''}`;
}

export function credits(product: Product): string {
  const c = product.metadata?.credits;
  return c === undefined || c === null ? '' : new Intl.NumberFormat('en-US').format(Number(c));
}

export function hasRegularPlan(user: PlanUser | null | undefined): boolean {
  return userTier(user) !== null;
}

export function hasApiPlan(user: PlanUser | null | undefined): boolean {
  return (user?.apiSubscriptions ?? []).length > 0;
}

export function buttonLabel(product: Product, type: PlanType, user: PlanUser | null | undefined): string {
  if (type === 'regular') return hasRegularPlan(user) ? `Change to ${product.name}` : 'Get Started';
  const single = product.metadata?.paymentType === 'single';
  if (single || !hasApiPlan(user)) return `Buy ${credits(product)} Requests`;
  return `Change to ${credits(product)} Requests`;
}

export type PlanAction =
  | { kind: 'login-required' }
  | { kind: 'live-required' }
  | { kind: 'checkout'; priceId: string }
  | { kind: 'portal' };

/** What choosing a plan does (platform spec §4 'Plan choice flow'). */
export function planAction(product: Product, type: PlanType, user: PlanUser | null | undefined, signedIn: boolean): PlanAction {
  if (!signedIn) return { kind: 'login-required' };
  if (type === 'api' && userTier(user)?.id !== 'live') return { kind: 'live-required' };
  const price = priceOf(product);
  const single = product.metadata?.paymentType === 'single';
  const subscribed = type === 'regular' ? hasRegularPlan(user) : hasApiPlan(user);
  if (single || !subscribed) return price ? { kind: 'checkout', priceId: price.id } : { kind: 'portal' };
  return { kind: 'portal' };
}

export const TIER_ICON: Record<string, string> = {
  basic: 'M4 18h16',
  '3': 'M4 18h16M7 13h10',
  '30': 'M4 18h16M7 13h10M10 8h4',
  live: 'M12 3l2.5 6H21l-5.2 4 2 6.5L12 15.8 6.2 19.5l2-6.5L3 9h6.5z',
};
