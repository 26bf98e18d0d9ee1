// Two tabs of one browser (pages of one context share localStorage and the Web Locks of the origin)
// find the access token expired at the same moment: the session survives and its refresh token is
// rotated once.
import type { Page } from '@playwright/test';
import { apiLogin, expect, test, USERS } from './fixtures';

test('two tabs refreshing at once keep the session', async ({ browser }) => {
  const context = await browser.newContext();
  const tokens = await apiLogin(context.request, USERS.basic.email);
  const expired = (() => {
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ exp: 1000, sub: '1', type: 'access' })}.x`;
  })();

  // Hold every refresh until both tabs have asked for the user with the expired token, so that both run
  // into the expiry before any new token exists.
  const refused = new Set<Page>();
  let bothRefused!: () => void;
  const gate = new Promise<void>((resolve) => (bothRefused = resolve));
  const refreshes: string[] = [];
  context.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/v1/users' && r.headers().authorization === `Bearer ${expired}`) {
      refused.add(r.frame().page());
      if (refused.size === 2) bothRefused();
    }
    if (path === '/api/v1/auth/refresh-token' && r.method() === 'POST') {
      refreshes.push((r.postDataJSON() as { refreshToken: string }).refreshToken);
    }
  });
  await context.route('**/api/v1/auth/refresh-token', async (route) => {
    await gate;
    await route.continue();
  });

  const one = await context.newPage();
  const two = await context.newPage();
  await one.goto('/not-found');
  await one.evaluate(
    ({ access, refresh }) => {
      localStorage.setItem('accessToken', access);
      localStorage.setItem('refreshToken', refresh);
      localStorage.removeItem('apiToken');
    },
    { access: expired, refresh: tokens.refreshToken },
  );
  await Promise.all([one.goto('/app/user-settings'), two.goto('/app/user-settings')]);

  for (const page of [one, two]) {
    // Two full pages load at once here: allow more than the usual wait on a loaded machine.
    await expect(page.getByLabel('First name')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/app\/user-settings$/);
    await expect(page.getByTestId('notification')).toHaveCount(0);
  }
  expect(refreshes).toEqual([tokens.refreshToken]);
  // The tabs hold the family's current tokens: the session goes on.
  const stored = await two.evaluate(() => localStorage.getItem('refreshToken'));
  expect(stored).not.toBe(tokens.refreshToken);
  const next = await context.request.post('/api/v1/auth/refresh-token', { data: { refreshToken: stored } });
  expect(next.status()).toBe(200);
  await context.close();
});
