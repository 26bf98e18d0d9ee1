// User settings and pricing against the real backend.
import { expect, saveScreenshot, signInAs, test } from './fixtures';

test.describe('settings', () => {
  test('profile: rename with validation under the field', async ({ page }) => {
    await signInAs(page, 'basic', '/app/user-settings');
    const name = page.getByLabel('First name');
    await expect(name).toHaveValue('Bruno');
    await expect(page.getByTestId('profile-plan')).toHaveText('Volland Basic');
    await name.fill('   ');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Enter your first name.')).toBeVisible();
    await name.fill('Bruno B');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId('notification')).toContainText('Profile saved');
    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Bruno B');
    await name.fill('Bruno');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByLabel('First name')).toHaveValue('Bruno');
    await saveScreenshot(page, 'settings-profile');
  });

  test('invoices and API pricing tabs', async ({ page }) => {
    await signInAs(page, 'live', '/app/user-settings');
    await page.getByRole('link', { name: 'Invoices' }).click();
    await expect(page).toHaveURL(/\/app\/user-settings\/invoices$/);
    await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
    await expect(page.getByTestId('invoices-empty').or(page.getByRole('table'))).toBeVisible();

    await page.getByRole('link', { name: 'API Pricing' }).click();
    await expect(page.getByRole('heading', { name: 'API Pricing' })).toBeVisible();
    await expect(page.getByTestId('api-credits')).toHaveText('100');
    await expect(page.getByRole('button', { name: 'Buy 1,000 Requests' })).toBeVisible();
    await expect(page.getByTestId('plan-card-enterprise')).toContainText('Unlimited Access');
    await saveScreenshot(page, 'settings-api-pricing');

    // A Live user reaches checkout (the embedded provider's local page); cancelling it changes nothing.
    await page.getByRole('button', { name: 'Buy 1,000 Requests' }).click();
    await expect(page.getByTestId('checkout-plan')).toHaveText('Volland API 1,000');
    await page.getByTestId('checkout-cancel').click();
    await expect(page).toHaveURL(/\/checkout\/failed$/);
    await page.goto('/app/user-settings/api-pricing');
    await expect(page.getByTestId('api-credits')).toHaveText('100');

    // 'Buy More Requests' opens the API plans as an overlay.
    await page.getByRole('button', { name: 'Buy More Requests' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy More Requests' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/integrate Volland data with your own product/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await expect(dialog).toBeHidden();
  });

  test("API plans need Live: 'Good choice!' with Ok and Contact Us", async ({ page }) => {
    await signInAs(page, 'basic', '/app/user-settings/api-pricing');
    await page.getByRole('button', { name: 'Buy 1,000 Requests' }).click();
    const dialog = page.getByRole('dialog', { name: 'Good choice!' });
    await expect(dialog.getByText('Please upgrade to live subsription to proceed further or Contact Us.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Ok' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
  });

  test('a user without a subscription is sent to the pricing list', async ({ page }) => {
    await signInAs(page, 'nosub', '/app/workspace');
    await expect(page).toHaveURL(/\/app\/pricing$/);
    await expect(page.getByText('Unlock options dealer positioning.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get Started' })).toHaveCount(4);
    await saveScreenshot(page, 'pricing');
    // The cheapest plan first; its checkout is left without paying (this user keeps no plan).
    await page.getByRole('button', { name: 'Get Started' }).first().click();
    await expect(page.getByTestId('checkout-plan')).toHaveText('Volland Basic');
    await page.getByTestId('checkout-cancel').click();
    await expect(page).toHaveURL(/\/checkout\/failed$/);
  });
});
