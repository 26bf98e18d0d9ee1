import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CheckoutResultPage, { creditsAdded } from './CheckoutResultPage';
import { setTokens } from '../../api/session';
import { installFetch, Providers } from '../../test/utils';

afterEach(() => vi.unstubAllGlobals());

const user = (over: Record<string, unknown>) => ({
  id: 3, firstName: 'Lena', email: 'l@x.co', roles: ['User'], subscriptions: [{ id: 'prod_volland_live', name: 'live' }],
  apiSubscriptions: [], tier: 'live', planName: 'Volland Live', apiCredits: 0, hasPassword: true,
  createdAt: '2025-01-01T00:00:00Z', referral: null, ...over,
});

function show(path: string, body: Record<string, unknown>) {
  setTokens({ accessToken: 'a', refreshToken: 'r' });
  installFetch({ 'GET users': () => ({ body }) });
  render(
    <Providers initialEntries={[path]}>
      <CheckoutResultPage outcome="success" />
    </Providers>,
  );
}

describe('CheckoutResultPage', () => {
  it('says how many API requests a pack added and the new balance read from the account', async () => {
    show('/checkout/success?session_id=cs_1&credits=1000', user({ apiCredits: 1250 }));
    expect(await screen.findByTestId('checkout-credits-balance')).toHaveTextContent('1,250');
    expect(screen.getByTestId('checkout-credits')).toHaveTextContent('1,000 API requests added. New balance: 1,250 requests.');
    expect(screen.queryByTestId('checkout-plan-active')).toBeNull();
  });

  it('says the credits are on their way while the balance does not hold them yet', async () => {
    show('/checkout/success?session_id=cs_1&credits=10000', user({ apiCredits: 40 }));
    expect(await screen.findByText(/balance now: 40 requests/)).toBeInTheDocument();
    expect(screen.getByTestId('checkout-credits')).toHaveTextContent(
      '10,000 API requests are added as soon as the payment provider confirms the payment',
    );
  });

  it('names the new plan and says it applies at once', async () => {
    show('/checkout/success?session_id=cs_2', user({ tier: '30', planName: 'Volland 30', subscriptions: [{ id: 'prod_volland_30', name: '30' }] }));
    expect(await screen.findByTestId('checkout-plan-active')).toHaveTextContent(
      'Your plan is now Volland 30, active from now on',
    );
    expect(screen.queryByTestId('checkout-credits')).toBeNull();
  });

  it('reads only a plain positive count of requests from the return address', () => {
    expect(creditsAdded('1000')).toBe(1000);
    for (const bad of [null, '', '0', '-5', '1e3', '12abc', '9999999999']) expect(creditsAdded(bad)).toBeNull();
  });
});
