import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlanList, redirectTo } from './PlanList';
import { setTokens } from '../../api/session';
import { installFetch, Providers } from '../../test/utils';

afterEach(() => vi.unstubAllGlobals());

const liveUser = {
  id: 3, firstName: 'Lena', email: 'l@x.co', roles: ['User'], subscriptions: [{ id: 'prod_volland_live', name: 'live' }],
  apiSubscriptions: [], tier: 'live', planName: 'Volland Live', apiCredits: 0, hasPassword: true, createdAt: '2025-01-01T00:00:00Z', referral: null,
};
const pack = (id: string, name: string, amount: number | null, credits?: number) => ({
  id, name, description: '', features: [], mostPopular: false, tier: null,
  price: amount === null ? null : { id: `price_${id}`, amount },
  metadata: credits === undefined ? { paymentType: 'single' } : { paymentType: 'single', credits },
});

describe('PlanList (api)', () => {
  it('shows the priceless Enterprise product once, with Contact Us, and buys a pack through checkout', async () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    localStorage.setItem('referral', 'partner-3');
    const { calls } = installFetch({
      'GET users': () => ({ body: liveUser }),
      'GET stripe/products': () => ({ body: { products: [pack('p1k', 'API 1,000', 49, 1000), pack('ent', 'Enterprise', null)], payments: 'real' } }),
      'GET stripe/checkout-session/price_p1k': () => ({ body: { url: 'http://localhost/billing/local/checkout/cs_local_x' } }),
    });
    const go = vi.spyOn(redirectTo, 'go').mockImplementation(() => undefined);
    render(
      <Providers>
        <PlanList type="api" />
      </Providers>,
    );
    const enterprise = await screen.findByTestId('plan-card-enterprise');
    expect(screen.getAllByTestId('plan-card-enterprise')).toHaveLength(1);
    expect(enterprise).toHaveTextContent('Unlimited Access');
    expect(within(enterprise).getByRole('button', { name: 'Contact Us' })).toBeInTheDocument();
    // Null price first.
    const cards = screen.getAllByRole('listitem').filter((li) => li.classList.contains('plan-card'));
    expect(cards[0]).toBe(enterprise);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Buy 1,000 Requests' }));
    expect(go).toHaveBeenCalledWith('http://localhost/billing/local/checkout/cs_local_x');
    const checkout = calls.find((c) => c.url.includes('checkout-session'))!;
    expect(checkout.url).toContain('productType=volland-api');
    expect(checkout.url).toContain('fp_ref=partner-3');
    // Real payments: no test notice, nothing said about availability.
    expect(screen.queryByTestId('test-payments')).toBeNull();
    expect(screen.queryByTestId('purchasing-unavailable')).toBeNull();
  });
});

describe('PlanList: how plans are paid for here', () => {
  const tier = (id: string, name: string, amount: number) => ({
    id, name, description: '', features: [], mostPopular: false, tier: 'basic',
    price: { id: `price_${id}`, amount }, metadata: { paymentType: 'subscription', tier: 'basic' },
  });

  it.each(['regular', 'api'] as const)('heads the %s list with a Test payments notice when nothing is charged', async (type) => {
    installFetch({
      'GET stripe/products': () => ({ body: { products: [tier('prod_volland_basic', 'Volland Basic', 29), pack('p1k', 'API 1,000', 49, 1000)], payments: 'test' } }),
    });
    render(
      <Providers>
        <PlanList type={type} />
      </Providers>,
    );
    const notice = await screen.findByTestId('test-payments');
    expect(notice).toHaveTextContent(/^Test payments: nothing is charged/);
    // Above the cards, so it is read before any plan is chosen.
    const list = screen.getByRole('list', { name: type === 'api' ? 'API plans' : 'Subscription plans' });
    expect(notice.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says at once that nothing can be bought when purchasing is off, and still lists the plans', async () => {
    installFetch({
      'GET stripe/products': () => ({ body: { products: [tier('prod_volland_basic', 'Volland Basic', 29)], payments: 'off' } }),
    });
    render(
      <Providers>
        <PlanList type="regular" />
      </Providers>,
    );
    expect(await screen.findByTestId('purchasing-unavailable')).toHaveTextContent('Purchasing is not available on this installation.');
    expect(screen.getAllByTestId('plan-card')).toHaveLength(1);
    expect(screen.queryByTestId('test-payments')).toBeNull();
  });
});
