// Application shell against the real backend: theme, offline banner, not-found, headers, profile
// menu, session expiry and the mobile menu.
import { expect, saveScreenshot, signInAs, test } from './fixtures';

test.describe('shell', () => {
  test('dark theme by default, the choice persists across reloads', async ({ page }) => {
    await page.goto('/not-found');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await signInAs(page, 'live', '/app/user-settings');
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('themeMode'))).toBe('light');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
    await saveScreenshot(page, 'settings-profile-light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('offline banner appears while the browser is offline', async ({ page, context }) => {
    await page.goto('/not-found');
    const banner = page.getByText('You seem to be offline. Volland needs internet to function');
    await expect(banner).toBeHidden();
    await context.setOffline(true);
    await expect(banner).toBeVisible();
    await saveScreenshot(page, 'offline-banner');
    await context.setOffline(false);
    await expect(banner).toBeHidden();
  });

  test('unknown paths land on not-found with Back to Home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole('heading', { name: 'The page you are looking for can’t be found.' })).toBeVisible();
    await saveScreenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("not-found 'Back to Home' goes to /app with an access token and a data token", async ({ page }) => {
    await signInAs(page, 'live', '/app/user-settings');
    // The app obtains the data token right after sign-in.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('apiToken'))).not.toBeNull();
    await page.goto('/not-found');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/app');
  });

  test('app header and profile menu of a Live user', async ({ page }) => {
    await signInAs(page, 'live', '/app/user-settings');
    await expect(page.getByTestId('subscription-label')).toHaveText('Volland Live');
    await expect(page.locator('.refresh-countdown time')).toHaveText(/^(\d+d )?\d\d:\d\d(:\d\d)?$/);
    await page.getByRole('button', { name: /Lena/ }).click();
    const menu = page.getByRole('menu', { name: 'Profile' });
    await expect(menu.getByRole('menuitem', { name: /Academy/ })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Volland Live' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Manage Subscription' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Log Out' })).toBeVisible();
    await saveScreenshot(page, 'profile-menu');

    // Manage Subscription opens the billing portal (the embedded provider's local page here).
    await menu.getByRole('menuitem', { name: 'Manage Subscription' }).click();
    await expect(page).toHaveURL(/\/billing\/local\/portal\//);
    await expect(page.getByTestId('portal-plan')).toHaveText('Volland Live');
    await page.goBack();

    // Escape closes the menu and returns focus to its button.
    await page.getByRole('button', { name: /Lena/ }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu', { name: 'Profile' })).toBeHidden();
  });

  test('admins see Admin Dashboard; Basic plans show the Upgrade badge', async ({ page }) => {
    await signInAs(page, 'admin', '/app/user-settings');
    await page.getByRole('button', { name: /Ada/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toBeVisible();

    await signInAs(page, 'basic', '/app/user-settings');
    await expect(page.getByTestId('subscription-label')).toHaveText('Volland Basic');
    await page.getByRole('button', { name: /Bruno/ }).click();
    await expect(page.getByRole('menuitem', { name: /Volland Basic/ })).toContainText('Upgrade');
    // The plan item opens the pricing list over the current page.
    await page.getByRole('menuitem', { name: /Volland Basic/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Pricing' });
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Change to Volland Live' })).toBeVisible();
    await expect(dialog.getByText('Volland Basic', { exact: true })).toHaveCount(0);
    await saveScreenshot(page, 'pricing-overlay');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/app\/user-settings$/);
  });

  test("an expired session logs out with the 'Token Expired' notice", async ({ page }) => {
    await page.goto('/not-found');
    // An access token that expired and a refresh token the server does not know.
    const expired = await page.evaluate(() => {
      const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '');
      return `${b64({ alg: 'HS256' })}.${b64({ exp: 1000, sub: '1' })}.x`;
    });
    await page.evaluate((t) => {
      localStorage.setItem('accessToken', t);
      localStorage.setItem('refreshToken', 'unknown-refresh-token');
    }, expired);
    await page.goto('/app/user-settings');
    await expect(page).toHaveURL(/\/$/);
    const notice = page.getByTestId('notification');
    await expect(notice).toContainText('Token Expired');
    await expect(notice).toContainText('You were logged out, because your token has expired. Please log in again');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  test('mobile: the menu is a full-screen overlay that locks scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/not-found');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 800 });
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    for (const name of ['Home', 'Resources', 'API', 'Pricing', 'About']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await saveScreenshot(page, 'mobile-menu');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  });

  test('footer links and the current year', async ({ page }) => {
    await page.goto('/not-found');
    const footer = page.locator('footer.site-footer');
    await expect(footer.getByRole('link', { name: 'Terms Of Service' })).toHaveAttribute('href', '/terms-of-service');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await expect(footer.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
    await expect(footer.getByText(String(new Date().getFullYear()))).toBeVisible();
  });

  test('route changes scroll to the top; a hash scrolls smoothly to its target', async ({ page }) => {
    await page.goto('/help');
    await expect(page.locator('footer.site-footer')).toBeVisible();
    // The page renders lazily: scroll once its content is there.
    await expect
      .poll(() => page.evaluate(() => (window.scrollTo(0, document.documentElement.scrollHeight), window.scrollY)))
      .toBeGreaterThan(0);
    await page.locator('footer.site-footer').getByRole('link', { name: 'Terms Of Service' }).click();
    await expect(page).toHaveURL(/\/terms-of-service$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goto('/#subscriptions');
    const target = page.locator('#subscriptions');
    await expect(target).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test('mobile: settings and pricing fit the screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    for (const path of ['/app/user-settings', '/app/user-settings/api-key', '/app/user-settings/api-pricing']) {
      await signInAs(page, 'live', path);
      await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await saveScreenshot(page, 'mobile-settings-api-pricing');
  });
});
