// Sign up → sign in → settings → create, copy and delete API keys → sign out, against the real backend.
import { expect, saveScreenshot, test, uniqueEmail, PASSWORD } from './fixtures';

test.describe('authentication', () => {
  test('sign up, sign out, sign in, manage API keys, sign out', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const email = uniqueEmail('signup');

    // Field validation shows messages under the fields, without a request.
    await page.goto('/sign-up');
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Enter your first name.')).toBeVisible();
    await expect(page.getByText('Enter your e-mail address.')).toBeVisible();
    await expect(page.getByText('Enter a password.')).toBeVisible();
    await saveScreenshot(page, 'sign-up-validation');

    await page.getByLabel('First name').fill('Quinn');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I am 18 or over/ }).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();

    // A new account has no plan: the app sends it to the pricing list.
    await expect(page).toHaveURL(/\/app\/pricing$/);
    await expect(page.getByRole('heading', { name: 'Pricing' })).toBeVisible();
    await expect(page.getByTestId('subscription-label')).toHaveText('No subscription');

    // Profile menu: 'No subscription' variant, then log out.
    await page.getByRole('button', { name: /Quinn/ }).click();
    const menu = page.getByRole('menu', { name: 'Profile' });
    await expect(menu.getByText('No subscription')).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Change or Cancel Plan' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Manage Subscription' })).toHaveCount(0);
    await menu.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

    // Wrong password: the server's message; then the right one.
    await page.goto('/sign-in');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('alert')).toContainText('The e-mail or password is incorrect.');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/app\/pricing$/);

    // Settings → API keys.
    await page.goto('/app/user-settings/api-key');
    await expect(page.getByRole('heading', { name: 'API Keys' })).toBeVisible();
    await expect(page.getByTestId('api-keys-empty')).toBeVisible();

    for (let i = 0; i < 2; i++) {
      await page.getByRole('button', { name: 'New API Key' }).click();
      const dialog = page.getByRole('dialog', { name: 'New API Key' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Generate API key' }).click();
      const key = dialog.getByTestId('new-api-key');
      await expect(key).toBeVisible();
      await expect(dialog.getByText('Please note that the full API key is only available here once.')).toBeVisible();
      const value = (await key.textContent())!.trim();
      expect(value.length).toBeGreaterThan(20);
      if (i === 0) {
        await saveScreenshot(page, 'new-api-key-dialog');
        await dialog.getByRole('button', { name: 'Copy' }).click();
        await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
        await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible({ timeout: 3000 });
      }
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('api-key-row')).toHaveCount(i + 1);
    }

    // Two active keys: the limit is reached.
    await expect(page.getByTestId('api-key-limit')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New API Key' })).toBeDisabled();
    await saveScreenshot(page, 'settings-api-keys');

    // Delete one (destructive confirmation), the button comes back.
    await page.getByTestId('api-key-row').first().getByRole('button', { name: /Delete key/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete API key' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('api-key-row')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'New API Key' })).toBeEnabled();

    // Sign out from the profile menu.
    await page.getByRole('button', { name: /Quinn/ }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/app/user-settings');
    await expect(page).toHaveURL(/\/sign-in\?redirectUri=%2Fapp%2Fuser-settings$/);
  });

  test('protected routes redirect to sign-in and back through redirectUri', async ({ page }) => {
    await page.goto('/app/user-settings/invoices');
    await expect(page).toHaveURL(/\/sign-in\?redirectUri=%2Fapp%2Fuser-settings%2Finvoices$/);
    await page.getByLabel('E-mail').fill('live@e2e.volland.test');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/app\/user-settings\/invoices$/);
    await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();

    // Signed-in users are sent away from the auth pages.
    await page.goto('/sign-in');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/sign-up');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a redirectUri pointing off-site is ignored', async ({ page }) => {
    await page.goto('/sign-in?redirectUri=%2F%2Fevil.example.com');
    await page.getByLabel('E-mail').fill('basic@e2e.volland.test');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/app/);
  });

  test('admin guard: signed out → sign-in, non-admin → workspace hub, admin → dashboard', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/sign-in\?redirectUri=%2Fadmin$/);

    await page.getByLabel('E-mail').fill('basic@e2e.volland.test');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/app\/workspace/);
  });

  test('admin sees the Admin Dashboard', async ({ page }) => {
    await page.goto('/sign-in?redirectUri=%2Fadmin');
    await page.getByLabel('E-mail').fill('admin@e2e.volland.test');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  });

  test('forgot password: validation and confirmation', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forget-password$/);
    // The URL changes before the lazily loaded page replaces the sign-in form (which has an E-mail field
    // too): wait for the new page before typing.
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    await page.getByLabel('E-mail').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Enter a valid e-mail address.')).toBeVisible();
    await page.getByLabel('E-mail').fill('live@e2e.volland.test');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account exists for live@e2e.volland.test');

    await page.goto('/forget-password/new?token=bogus');
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Save Password' }).click();
    await expect(page.getByText('Passwords have 8 to 128 characters.')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('a-long-new-password');
    await page.getByLabel('Confirm new password').fill('a-long-new-password');
    await page.getByRole('button', { name: 'Save Password' }).click();
    await expect(page.locator('.form-error')).toBeVisible();
  });
});
