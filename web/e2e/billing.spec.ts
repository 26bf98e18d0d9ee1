// Buying plans and API request packs through the embedded payment provider (local checkout and portal
// pages served by the backend): the tier, the data freshness and the API credits change as soon as the
// purchase is processed, with no new login.
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, PASSWORD, saveScreenshot, signInAs, test, uniqueEmail, type Tokens } from './fixtures';

async function signUp(request: APIRequestContext, prefix: string, referral?: string): Promise<Tokens> {
  const r = await request.post('/api/v1/auth/signup', {
    data: { firstName: 'Bea', email: uniqueEmail(prefix), password: PASSWORD, referral: referral ?? null },
  });
  expect(r.status()).toBe(201);
  return (await r.json()) as Tokens;
}

async function useTokens(page: Page, tokens: Tokens, path: string) {
  await page.goto('/not-found');
  await page.evaluate((t) => {
    localStorage.setItem('accessToken', t.accessToken);
    localStorage.setItem('refreshToken', t.refreshToken);
    localStorage.removeItem('apiToken');
  }, tokens);
  await page.goto(path);
}

const bearer = (t: Tokens) => ({ Authorization: `Bearer ${t.accessToken}` });

/** Buys a plan through the API and the local checkout form (no browser page needed). */
async function buy(request: APIRequestContext, tokens: Tokens, priceId: string, productType?: string) {
  const r = await request.get(`/api/v1/stripe/checkout-session/${priceId}`, {
    headers: bearer(tokens),
    params: productType ? { productType } : undefined,
  });
  expect(r.status()).toBe(200);
  const { url } = (await r.json()) as { url: string };
  const paid = await request.post(`${new URL(url).pathname}/pay`, { maxRedirects: 0 });
  expect(paid.status()).toBe(303);
}

test.describe('billing', () => {
  test('a user without a plan chooses one, pays on the local checkout and gets that tier at once', async ({ page }) => {
    const tokens = await signUp(page.request, 'buyer', 'e2e-partner');
    await useTokens(page, tokens, '/app');
    await expect(page).toHaveURL(/\/app\/pricing$/);
    await expect(page.getByTestId('subscription-label')).toHaveText('No subscription');
    // The embedded provider takes test payments: the list says so before any plan is chosen.
    await expect(page.getByTestId('test-payments')).toContainText('Test payments');

    await page.getByTestId('plan-card').filter({ hasText: 'Volland 30' }).getByRole('button', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/billing\/local\/checkout\/cs_local_/);
    await expect(page.getByTestId('checkout-plan')).toHaveText('Volland 30');
    await expect(page.getByTestId('test-payments')).toContainText('Test payments');
    await page.getByTestId('checkout-pay').click();

    await expect(page).toHaveURL(/\/checkout\/success/);
    await expect(page.getByTestId('checkout-plan-active')).toContainText('Volland 30');
    // Back in the app the header shows the new tier and the data comes at its freshness (the refresh
    // schedule is the 30-minute tier's), with the session started before the purchase.
    const schedule = page.waitForResponse((r) => r.url().includes('/api/v1/data/next-refresh') && r.status() === 200);
    await page.locator('.status-page').getByRole('link', { name: 'Go to Workspaces' }).click();
    await expect(page).toHaveURL(/\/app(\/workspace)?$/);
    await expect(page.getByTestId('subscription-label')).toHaveText('Volland 30');
    expect(((await (await schedule).json()) as { tier: string }).tier).toBe('30');
    await expect(page.getByTestId('refresh-countdown')).toBeVisible();
    const dataToken = await page.evaluate(() => localStorage.getItem('apiToken'));
    const next = await page.request.get('/api/v1/data/next-refresh', { headers: { Authorization: `Bearer ${dataToken}` } });
    expect(((await next.json()) as { tier: string }).tier).toBe('30');

    // The payment is on the invoices page; the referral code was kept with the account.
    await page.goto('/app/user-settings/invoices');
    const row = page.getByRole('row').filter({ hasText: 'Volland 30' });
    await expect(row).toContainText('129');
    await expect(row).toContainText(/paid/i);
    const me = await (await page.request.get('/api/v1/users', { headers: bearer(tokens) })).json();
    expect(me.referral).toBe('e2e-partner');
  });

  test('a Live user buys an API pack and spends the credits on the public API', async ({ page }) => {
    const tokens = await signUp(page.request, 'apibuyer');
    await buy(page.request, tokens, 'price_volland_live_month');
    await useTokens(page, tokens, '/app/user-settings/api-pricing');
    await expect(page.getByTestId('api-credits')).toHaveText('0');

    await page.getByRole('button', { name: 'Buy 1,000 Requests' }).click();
    await expect(page.getByTestId('checkout-plan')).toHaveText('Volland API 1,000');
    await page.getByTestId('checkout-pay').click();
    await expect(page).toHaveURL(/\/checkout\/success/);
    // The page the checkout returns to says what changed: the requests added and the new balance.
    await expect(page.getByTestId('checkout-credits')).toHaveText('1,000 API requests added. New balance: 1,000 requests.');
    await saveScreenshot(page, 'billing-api-credits-added');
    await page.goto('/app/user-settings/api-pricing');
    await expect(page.getByTestId('api-credits')).toHaveText(/^1,?000$/);

    const key = await page.request.post('/api/v1/api-keys', { headers: bearer(tokens), data: {} });
    expect(key.status()).toBe(201);
    const { apiKey } = (await key.json()) as { apiKey: string };
    const answer = await page.request.post('/api/v1/volland', {
      headers: { 'X-API-KEY': apiKey },
      data: { requests: [{ request_type: 'paradigm_request', ticker: 'SPX' }] },
    });
    expect(answer.status()).toBe(200);
    expect(answer.headers()['x-credits-remaining']).toBe('999');
  });

  test("a user who is not on Live gets the 'Good choice!' upgrade modal for API plans", async ({ page }) => {
    await signInAs(page, 'basic', '/app/user-settings/api-pricing');
    await page.getByRole('button', { name: 'Buy 1,000 Requests' }).click();
    const dialog = page.getByRole('dialog', { name: 'Good choice!' });
    await expect(dialog.getByText('Please upgrade to live subsription to proceed further or Contact Us.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(dialog).toBeHidden();
    // The server refuses too, whatever the client does.
    const tokens = await page.evaluate(() => ({ accessToken: localStorage.getItem('accessToken') ?? '' }));
    const r = await page.request.get('/api/v1/stripe/checkout-session/price_volland_api_1k', {
      headers: { Authorization: `Bearer ${tokens.accessToken}` },
      params: { productType: 'volland-api' },
    });
    expect(r.status()).toBe(403);
  });

  test('the portal changes the plan at once, confirms a cancellation, resumes it and downloads an invoice', async ({ page }) => {
    const tokens = await signUp(page.request, 'changer');
    await buy(page.request, tokens, 'price_volland_basic_month');
    await useTokens(page, tokens, '/app/user-settings');
    await expect(page.getByTestId('subscription-label')).toHaveText('Volland Basic');
    await page.getByRole('button', { name: /Bea/ }).click();
    await page.getByRole('menuitem', { name: 'Manage Subscription' }).click();
    await expect(page.getByTestId('portal-plan')).toHaveText('Volland Basic');
    await page.getByTestId('portal-change-price_volland_live_month').click();
    await expect(page.getByTestId('portal-plan')).toHaveText('Volland Live');
    // The page after the change says what changed and when it applies.
    await expect(page.getByTestId('portal-notice')).toContainText('Your plan is now Volland Live. The change applies now');
    await expect(page.getByTestId('portal-notice')).toContainText('is invoiced on invoice LOCAL-');
    await saveScreenshot(page, 'billing-plan-changed');
    await page.getByTestId('portal-return').click();
    await expect(page.getByTestId('subscription-label')).toHaveText('Volland Live');

    await page.getByRole('button', { name: /Bea/ }).click();
    await page.getByRole('menuitem', { name: 'Manage Subscription' }).click();

    // Cancel plan asks first: what ends, and when. Keep plan changes nothing.
    await page.getByTestId('portal-end').click();
    await expect(page.getByRole('heading', { name: 'Cancel Volland Live?' })).toBeVisible();
    await expect(page.getByTestId('portal-confirm-text')).toContainText('the end of the current period');
    await saveScreenshot(page, 'billing-cancel-confirmation');
    await page.getByTestId('portal-keep').click();
    await expect(page.getByTestId('portal-notice')).toHaveText('Nothing changed: your plan goes on as before.');
    await expect(page.getByTestId('portal-resume')).toHaveCount(0);

    // Confirmed: the plan stays until its period ends, and can be resumed until then.
    await page.getByTestId('portal-end').click();
    await page.getByTestId('portal-confirm-cancel').click();
    await expect(page.getByTestId('portal-notice')).toContainText('Cancellation confirmed: Volland Live ends on');
    await expect(page.getByTestId('portal-ends')).toContainText('at the end of the current period');
    await expect(page.getByTestId('portal-end')).toHaveCount(0);
    await saveScreenshot(page, 'billing-cancelled-resume-offered');
    let me = await (await page.request.get('/api/v1/users', { headers: bearer(tokens) })).json();
    expect(me.tier).toBe('live');
    await page.getByTestId('portal-resume').click();
    await expect(page.getByTestId('portal-notice')).toHaveText('The cancellation is withdrawn: Volland Live goes on as before.');
    await expect(page.getByTestId('portal-resume')).toHaveCount(0);
    await expect(page.getByTestId('portal-end')).toBeVisible();
    me = await (await page.request.get('/api/v1/users', { headers: bearer(tokens) })).json();
    expect(me.tier).toBe('live');

    // Each invoice downloads as a PDF.
    const links = page.getByTestId('portal-invoice-pdf');
    await expect(links).toHaveCount(2);
    const [download] = await Promise.all([page.waitForEvent('download'), links.first().click()]);
    expect(download.suggestedFilename()).toMatch(/^invoice-LOCAL-[0-9A-F]+\.pdf$/);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await page.getByTestId('portal-return').click();
    await expect(page.getByTestId('subscription-label')).toHaveText('Volland Live');
  });
});
