import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfileMenu } from './ProfileMenu';
import { setTokens } from '../api/session';
import { installFetch, Providers } from '../test/utils';
import { pointsLabel } from '../lib/format';

afterEach(() => vi.unstubAllGlobals());

const baseUser = { id: 7, firstName: 'Mira', email: 'm@x.co', apiSubscriptions: [], apiCredits: 0, hasPassword: true, createdAt: '2025-01-01T00:00:00Z' };

async function openMenu(user: Record<string, unknown>, progress: () => { status?: number; body?: unknown } | Promise<never>) {
  setTokens({ accessToken: 'a', refreshToken: 'r' });
  installFetch({ 'GET users': () => ({ body: user }), 'GET users/lms/progress': progress });
  render(
    <Providers>
      <ProfileMenu />
    </Providers>,
  );
  const ue = userEvent.setup();
  await ue.click(await screen.findByRole('button', { name: /Mira/ }));
  return screen.getByRole('menu', { name: 'Profile' });
}

describe('ProfileMenu', () => {
  it('lists every item for a Basic subscriber with the Upgrade badge and points', async () => {
    const menu = await openMenu(
      { ...baseUser, roles: ['User', 'Admin'], subscriptions: [{ id: 'prod_volland_basic', name: 'basic' }], tier: 'basic', planName: 'Volland Basic' },
      () => ({ body: { lessonsProgress: [], userLmsPoints: 1 } }),
    );
    expect(await within(menu).findByText('1 point')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/app/user-settings');
    expect(within(menu).getByRole('menuitem', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: /Volland Basic/ })).toHaveTextContent('Upgrade');
    expect(within(menu).getByRole('menuitem', { name: 'Manage Subscription' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: /Switch to light theme/ })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Log Out' })).toBeInTheDocument();
    expect(within(menu).queryByText('No subscription')).toBeNull();
  });

  it("without a plan shows 'No subscription' and 'Change or Cancel Plan' instead", async () => {
    const menu = await openMenu({ ...baseUser, roles: ['User'], subscriptions: [], tier: null, planName: null }, () => new Promise<never>(() => {}));
    expect(within(menu).getByText('Loading')).toBeInTheDocument();
    expect(within(menu).getByText('No subscription')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Change or Cancel Plan' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Manage Subscription' })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'Admin Dashboard' })).toBeNull();
  });

  it("says 'point' or 'points'", () => {
    expect(pointsLabel(0)).toBe('0 points');
    expect(pointsLabel(1)).toBe('1 point');
    expect(pointsLabel(12)).toBe('12 points');
  });
});
