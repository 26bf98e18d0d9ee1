import { describe, expect, it } from 'vitest';
import { hasSubscription, isAdmin, sameSubscriptions, tierForSubscription, userTier } from './tiers';

describe('tiers', () => {
  it('maps both product ids of a tier, and tier names', () => {
    expect(tierForSubscription({ id: 'prod_volland_30_launch', name: '30' })?.label).toBe('30');
    expect(tierForSubscription({ id: 'other', name: 'live' })?.name).toBe('Volland Live');
    expect(tierForSubscription({ id: 'other', name: 'unknown' })).toBeNull();
  });

  it('picks the best tier; none without a known subscription', () => {
    expect(userTier({ subscriptions: [{ id: 'prod_volland_basic', name: 'basic' }, { id: 'prod_volland_live', name: 'live' }] })?.id).toBe('live');
    expect(userTier({ subscriptions: [], tier: '3' })?.label).toBe('3');
    expect(hasSubscription({ subscriptions: [{ id: 'prod_unknown', name: 'x' }] })).toBe(false);
    expect(hasSubscription(undefined)).toBe(false);
  });

  it('recognises the Admin role', () => {
    expect(isAdmin({ roles: ['User', 'Admin'] })).toBe(true);
    expect(isAdmin({ roles: ['User'] })).toBe(false);
  });

  it('compares subscription id sets regardless of order', () => {
    expect(sameSubscriptions([{ id: 'a' }, { id: 'b' }], [{ id: 'b' }, { id: 'a' }])).toBe(true);
    expect(sameSubscriptions([{ id: 'a' }], [{ id: 'a' }, { id: 'b' }])).toBe(false);
    expect(sameSubscriptions([], undefined)).toBe(true);
  });
});
