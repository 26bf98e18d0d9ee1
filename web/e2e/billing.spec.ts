// Buying plans and API request packs through the embedded payment provider (local checkout and portal
// pages served by the backend): the tier, the data freshness and the API credits change as soon as the
// purchase is processed, with no new login.
import { readFileSync } from 'node:fs';
import { auth, buyApiPack, buyPlan, click, expect, openPortal, portalCancelAndResume, portalChangeToLive, signInAs, signUp, test, useTokens } from './fixtures';

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
    // The workspace area sends a user with no workspace on to its welcome page once the list has loaded.
    await expect(page).toHaveURL(/\/app(\/workspace(\/welcome)?)?$/);
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
    const me = await (await page.request.get('/api/v1/users', { headers: auth(tokens) })).json();
    expect(me.referral).toBe('e2e-partner');
  });

  test('a Live user buys an API pack and spends the credits on the public API', async ({ page }) => {
    const tokens = await signUp(page.request, 'apibuyer');
    await buyPlan(page.request, tokens, 'price_volland_live_month');
    await useTokens(page, tokens, '/app/user-settings/api-pricing');
    await expect(page.getByTestId('api-credits')).toHaveText('0');

    // The page the checkout returns to says what changed: the requests added and the new balance.
    await buyApiPack(page, click, '');
    await page.goto('/app/user-settings/api-pricing');
    await expect(page.getByTestId('api-credits')).toHaveText(/^1,?000$/);

    const key = await page.request.post('/api/v1/api-keys', { headers: auth(tokens), data: {} });
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
    await buyPlan(page.request, tokens, 'price_volland_basic_month');
    await useTokens(page, tokens, '/app/user-settings');
    await expect(page.getByTestId('subscription-label')).toHaveText('Volland Basic');
    await openPortal(page, click);
    // The page after the change says what changed and when it applies.
    await portalChangeToLive(page, click, '');
    await page.getByTestId('portal-return').click();
    await expect(page.getByTestId('subscription-label')).toHaveText('Volland Live');

    await openPortal(page, click);
    // Cancel plan asks first: what ends, and when. Keep plan changes nothing. Confirmed, the plan stays
    // until its period ends, and can be resumed until then.
    await portalCancelAndResume(page, tokens, click, '');

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
