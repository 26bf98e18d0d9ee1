// Alerts end to end against the real backend: a rule set in Settings > Alerts, the alert received in the
// open app without a reload (server-sent events), its delivery logged, and the levels scorecard with its
// record labelled simulated on the demo market.
import type { APIRequestContext } from '@playwright/test';
import { apiLogin, auth, expect, saveScreenshot, signInAs, test, type Tokens, USERS } from './fixtures';

async function dataToken(request: APIRequestContext, t: Tokens): Promise<string> {
  const r = await request.post('/api/v1/auth/generate-data-api-token', { headers: auth(t) });
  return (await r.json()).dataApiAccessToken;
}

/** Two consecutive SPX snapshots of the session with the largest price move. */
async function largestMove(request: APIRequestContext, t: Tokens) {
  const headers = { Authorization: `Bearer ${await dataToken(request, t)}` };
  const r = await request.post('/api/v1/data/volland-price-levels', { headers, data: { ticker: 'SPX' } });
  expect(r.status()).toBe(200);
  const rows: { t: string; price: number | null }[] = (await r.json()).levels;
  let best = 1;
  for (let i = 1; i < rows.length; i++) {
    if (Math.abs((rows[i].price ?? 0) - (rows[i - 1].price ?? 0)) > Math.abs((rows[best].price ?? 0) - (rows[best - 1].price ?? 0))) best = i;
  }
  return { before: rows[best - 1], after: rows[best] };
}

test('a rule set in settings fires in the open app, is logged, and the scorecard shows the record', async ({ page }) => {
  const tokens = await apiLogin(page.request, USERS.alerts.email);
  for (const r of (await (await page.request.get('/api/v1/alerts/rules', { headers: auth(tokens) })).json()).rules) {
    await page.request.delete(`/api/v1/alerts/rules/${r.id}`, { headers: auth(tokens) });
  }
  const { before, after } = await largestMove(page.request, tokens);
  const price = Math.round((((before.price ?? 0) + (after.price ?? 0)) / 2) * 100) / 100;

  await signInAs(page, 'alerts', '/app/user-settings/alerts');
  await expect(page.getByRole('heading', { name: 'Alerts', exact: true })).toBeVisible();
  await expect(page.getByTestId('alert-rules-empty')).toBeVisible();
  const form = page.getByTestId('alert-rule-form');
  await form.getByLabel('Ticker').fill('SPX');
  await form.getByLabel('When').selectOption('price_cross');
  await form.getByLabel('Price').fill(String(price));
  await form.getByRole('button', { name: 'Add rule' }).click();
  const row = page.getByTestId('alert-rule-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Spot crosses ${price}`);

  // A bad price is refused with the field's message and nothing is added (the saved form was cleared).
  await form.getByLabel('When').selectOption('price_cross');
  await form.getByLabel('Price').fill('-5');
  await form.getByRole('button', { name: 'Add rule' }).click();
  await expect(form.getByRole('alert')).toContainText('greater than 0');
  await expect(row).toHaveCount(1);

  // The workers' evaluation of the two Live slots (an operator runs it now): the first snapshot sets
  // the rule's side, the second crosses the price.
  const admin = await apiLogin(page.request, USERS.admin.email);
  for (const at of [before.t, after.t]) {
    const r = await page.request.post('/api/v1/alerts/admin/evaluate', { headers: auth(admin), data: { tier: 'live', at } });
    expect(r.status()).toBe(200);
  }

  // Received in the open page, no reload.
  const note = page.getByTestId('notification');
  await expect(note).toContainText(`SPX crossed ${(after.price ?? 0) > (before.price ?? 0) ? 'above' : 'below'} ${price}`, { timeout: 45_000 });
  await expect(page.getByTestId('alert-firings')).toContainText('SPX crossed');
  await expect(page.getByTestId('alert-delivery-row').first()).toContainText('delivered');

  // Pausing is one click and shows at once.
  await row.getByRole('button', { name: 'Pause' }).click();
  await expect(row).toContainText('Paused');

  // The record: the levels scorecard of SPX, labelled simulated on the demo market.
  const card = page.getByTestId('levels-scorecard');
  await expect(card.getByRole('table', { name: 'Levels scorecard' })).toContainText('Zero gamma');
  await expect(card.getByTestId('scorecard-simulated')).toBeVisible();
  await expect(card).toContainText(/\d+ of \d+ \(\d+ %, 95 % CI/);
  await saveScreenshot(page, 'settings-alerts');
});
