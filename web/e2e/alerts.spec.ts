// Alerts end to end against the real backend: a rule set in Settings > Alerts, the alert received in the
// open app without a reload (server-sent events), its delivery logged, and the levels scorecard with its
// record labelled simulated on the demo market: in Settings, under each level of the key levels widget,
// and on the scorecard page of a ticker (wide and phone width, empty of errors, an unknown ticker's error).
// Screenshots: settings-alerts.png, key-levels-record.png, levels-scorecard.png, levels-scorecard-phone.png.
import type { APIRequestContext } from '@playwright/test';
import { apiLogin, auth, createWorkspace, expect, resetWorkspaces, saveScreenshot, signInAs, test, type Tokens, USERS, waitSettled } from './fixtures';

async function dataToken(request: APIRequestContext, t: Tokens): Promise<string> {
  const r = await request.post('/api/v1/auth/generate-data-api-token', { headers: auth(t) });
  return (await r.json()).dataApiAccessToken;
}

/** Two consecutive SPX snapshots (today's session or the one before) with the largest price move. */
async function largestMove(request: APIRequestContext, t: Tokens) {
  const headers = { Authorization: `Bearer ${await dataToken(request, t)}` };
  // The previous session too: the e2e market clock follows the wall clock, and just after the open today's
  // session holds a single snapshot.
  const r = await request.post('/api/v1/data/volland-price-levels', { headers, data: { ticker: 'SPX', previousSessions: 1 } });
  expect(r.status()).toBe(200);
  const rows: { t: string; price: number | null }[] = (await r.json()).levels;
  expect(rows.length).toBeGreaterThan(1);
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
  // The notification leads to the ticker's levels scorecard page.
  await expect(note.getByRole('link', { name: 'SPX levels scorecard' })).toHaveAttribute('href', '/app/scorecard/SPX');
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

type Rate = { k: number; n: number; rate: number | null; low: number | null; high: number | null };
type Card = { ticker: string; asOf: string; sessions: number; simulated: boolean; levels: Record<string, { touch: Rate; hold: Rate }> & { paradigmTarget: Rate } };

async function scorecard(request: APIRequestContext, t: Tokens, ticker: string, asOf?: string): Promise<Card> {
  const r = await request.get('/api/v1/alerts/scorecard', { headers: auth(t), params: asOf ? { ticker, asOf } : { ticker } });
  expect(r.status()).toBe(200);
  return r.json();
}

const pct = (r: Rate) => (!r.n || r.rate == null ? '–' : `${Math.round(100 * r.rate)} %`);
/** The compact record under a level in the key levels widget. */
const compact = (verb: string, r: Rate) => (r.n ? `${verb} ${pct(r)} · n ${r.n}` : `${verb}: no sample`);

test('the key levels widget shows each level\'s record, and the scorecard page the whole table', async ({ page }) => {
  const tokens = await apiLogin(page.request, USERS.alerts.email);
  await resetWorkspaces(page.request, tokens);
  const ws = await createWorkspace(page.request, tokens, 'Records', [
    { id: 'k', name: null, type: 'WATCHLIST', size: 'M', position: { x: 0, y: 0 }, group: null, configuration: { tickers: ['SPX', 'QQQ'] } },
  ]);
  await signInAs(page, 'alerts', `/app/workspace/${ws.id}`);
  await waitSettled(page, 1);
  const spx = page.locator('[data-testid="key-levels-row"][data-ticker="SPX"]');
  await expect(spx).toBeVisible();
  await expect(page.getByTestId('kl-record')).toHaveCount(0);
  const toggle = page.getByTestId('kl-record-toggle');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  // The figures are the scorecard's as of the row's snapshot time (the widget's time).
  const dataToken = (await (await page.request.post('/api/v1/auth/generate-data-api-token', { headers: auth(tokens) })).json()).dataApiAccessToken;
  const kl = await (await page.request.get('/api/v1/data/key-levels?tickers=SPX', { headers: { Authorization: `Bearer ${dataToken}` } })).json();
  const card = await scorecard(page.request, tokens, 'SPX', kl.rows[0].lastModified);
  expect(card.sessions).toBeGreaterThan(0);
  await expect(spx.locator('[data-testid="kl-record"][data-level="callWall"]')).toHaveText(compact('held', card.levels.callWall.hold));
  await expect(spx.locator('[data-testid="kl-record"][data-level="target"]')).toHaveText(compact('reached', card.levels.paradigmTarget));
  await expect(page.getByTestId('kl-record-simulated')).toBeVisible();
  // The whole record, with its interval, in the level's tooltip (keyboard focus shows it).
  await spx.locator('[data-testid="kl-record"][data-level="zeroGamma"]').focus();
  await expect(page.getByRole('tooltip')).toContainText(/Zero gamma, SPX.*touched in (\d+ of \d+ \(\d+ %, 95 % CI|no sessions yet)/);
  await saveScreenshot(page, 'key-levels-record');

  // The scorecard page of the ticker, from the widget.
  await spx.getByRole('link', { name: 'SPX levels scorecard' }).click();
  await expect(page).toHaveURL(/\/app\/scorecard\/SPX$/);
  await expect(page.getByRole('heading', { name: 'Levels scorecard: SPX' })).toBeVisible();
  const latest = await scorecard(page.request, tokens, 'SPX');
  const table = page.getByRole('table', { name: 'Levels scorecard' });
  const zero = table.getByRole('row', { name: /Zero gamma/ });
  const t = latest.levels.zeroGamma.touch;
  await expect(zero).toContainText(t.n ? `${t.k} of ${t.n}` : 'none');
  await expect(zero).toContainText(pct(t));
  await expect(page.getByTestId('scorecard-simulated')).toBeVisible();
  await expect(page.getByTestId('scorecard-as-of')).toContainText(`${latest.sessions} closed sessions`);
  await saveScreenshot(page, 'levels-scorecard');

  // Phone width: one card per level, nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 760 });
  const cards = page.getByRole('list', { name: 'Levels scorecard' });
  await expect(cards.getByTestId('scorecard-row')).toHaveCount(6);
  await expect(page.getByRole('table', { name: 'Levels scorecard' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await saveScreenshot(page, 'levels-scorecard-phone');

  // Another ticker from the keyboard; an unknown one answers the error body's message.
  await page.setViewportSize({ width: 1366, height: 860 });
  const field = page.getByRole('search', { name: 'Scorecard of another ticker' }).getByRole('textbox', { name: 'Ticker' });
  await field.fill('ZZZZ');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/app\/scorecard\/ZZZZ$/);
  await expect(page.getByTestId('scorecard-error').getByRole('alert')).toContainText('ZZZZ');
});
