import { describe, expect, it } from 'vitest';
import type { Product } from '../../api/products';
import { buttonLabel, planAction, priceLabel, sortPlans, visiblePlans } from './plans';

const regular = (id: string, tier: string, amount: number): Product => ({
  id,
  name: `Volland ${tier}`,
  description: '',
  features: [],
  mostPopular: false,
  price: { id: `price_${tier}`, amount },
  tier,
  metadata: { paymentType: 'subscription', tier },
});
const api = (id: string, credits: number, amount: number | null, paymentType: 'single' | 'subscription' = 'single'): Product => ({
  id,
  name: `API ${credits}`,
  description: '',
  features: [],
  mostPopular: false,
  price: amount === null ? null : { id: `price_${id}`, amount },
  tier: null,
  metadata: { paymentType, credits },
});

const REGULAR = [regular('prod_volland_live', 'live', 249), regular('prod_volland_30', '30', 129), regular('prod_volland_3', '3', 69), regular('prod_volland_basic', 'basic', 29), regular('prod_other', 'x', 1)];
const liveUser = { subscriptions: [{ id: 'prod_volland_live', name: 'live' }], apiSubscriptions: [], tier: 'live' };
const basicUser = { subscriptions: [{ id: 'prod_volland_basic', name: 'basic' }], apiSubscriptions: [], tier: 'basic' };
const noPlan = { subscriptions: [], apiSubscriptions: [], tier: null };

describe('plan lists', () => {
  it('regular: only allowed ids, without the current plan, cheapest first', () => {
    expect(visiblePlans(REGULAR, 'regular', null).map((p) => p.id)).toEqual(['prod_volland_basic', 'prod_volland_3', 'prod_volland_30', 'prod_volland_live']);
    expect(visiblePlans(REGULAR, 'regular', basicUser).map((p) => p.tier)).toEqual(['3', '30', 'live']);
  });
  it('api: without the current plan name; a null price first', () => {
    const list = [api('a', 10000, 299), api('b', 1000, 49), api('c', 0, null)];
    expect(sortPlans(list).map((p) => p.id)).toEqual(['c', 'b', 'a']);
    const owner = { ...liveUser, apiSubscriptions: [{ id: 'b', name: 'API 1000' }] };
    expect(visiblePlans(list, 'api', owner).map((p) => p.id)).toEqual(['c', 'a']);
  });
  it("prices: '$amount' and '/month' for subscriptions", () => {
    expect(priceLabel(REGULAR[0])).toBe('$249/month');
    expect(priceLabel(api('a', 1000, 49))).toBe('$49');
  });
  it('button labels', () => {
    expect(buttonLabel(REGULAR[1], 'regular', noPlan)).toBe('Get Started');
    expect(buttonLabel(REGULAR[1], 'regular', basicUser)).toBe('Change to Volland 30');
    expect(buttonLabel(api('a', 10000, 299), 'api', liveUser)).toBe('Buy 10,000 Requests');
    const apiSubscriber = { ...liveUser, apiSubscriptions: [{ id: 'm', name: 'Monthly' }] };
    expect(buttonLabel(api('m2', 25000, 499, 'subscription'), 'api', apiSubscriber)).toBe('Change to 25,000 Requests');
    expect(buttonLabel(api('m2', 25000, 499, 'subscription'), 'api', liveUser)).toBe('Buy 25,000 Requests');
  });
  it('plan choice flow', () => {
    expect(planAction(REGULAR[1], 'regular', null, false)).toEqual({ kind: 'login-required' });
    expect(planAction(api('a', 1000, 49), 'api', basicUser, true)).toEqual({ kind: 'live-required' });
    expect(planAction(REGULAR[1], 'regular', noPlan, true)).toEqual({ kind: 'checkout', priceId: 'price_30' });
    expect(planAction(REGULAR[1], 'regular', basicUser, true)).toEqual({ kind: 'portal' });
    expect(planAction(api('a', 1000, 49), 'api', liveUser, true)).toEqual({ kind: 'checkout', priceId: 'price_a' });
    const apiSubscriber = { ...liveUser, apiSubscriptions: [{ id: 'm', name: 'Monthly' }] };
    expect(planAction(api('m2', 25000, 499, 'subscription'), 'api', apiSubscriber, true)).toEqual({ kind: 'portal' });
  });
});
