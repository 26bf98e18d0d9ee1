// Price and levels, end to end against the real backend: added through the widget dialog, the candles and
// the labelled levels drawn, the hover readout, and the same chart at a historical time (replay).
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiLogin, auth, colouredPixels, createWorkspace, expect, resetWorkspaces, saveScreenshot, signInAs, test, type Tokens, USERS, waitSettled, widgets } from './fixtures';

let tokens: Tokens;

async function dataToken(request: APIRequestContext, t: Tokens): Promise<string> {
  const r = await request.post('/api/v1/auth/generate-data-api-token', { headers: auth(t) });
  return (await r.json()).dataApiAccessToken;
}

async function priceLevels(request: APIRequestContext, t: Tokens, body: Record<string, unknown>) {
  const headers = { Authorization: `Bearer ${await dataToken(request, t)}` };
  const r = await request.post('/api/v1/data/volland-price-levels', { headers, data: body });
  expect(r.status()).toBe(200);
  return r.json();
}

/** Moves the pointer across the chart until it shows a readout; returns its text. */
async function hoverUntilReadout(page: Page, widget: Locator): Promise<string> {
  const area = widget.locator('.u-over');
  await area.scrollIntoViewIfNeeded();
  const b = (await area.boundingBox())!;
  for (const fx of [0.5, 0.6, 0.4, 0.7, 0.3, 0.8, 0.2]) {
    await page.mouse.move(b.x + b.width * fx, b.y + b.height * 0.5);
    const r = widget.getByTestId('chart-readout');
    if ((await r.count()) && (await r.isVisible())) return r.innerText();
  }
  throw new Error('no readout anywhere over the chart');
}

const GREEN: [number, number, number] = [0x2b, 0xb6, 0x73];
const RED: [number, number, number] = [0xe5, 0x48, 0x4d];

test.beforeEach(async ({ page }) => {
  tokens = await apiLogin(page.request, USERS.levels.email);
  await resetWorkspaces(page.request, tokens);
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('price and levels is added from the dialog and draws candles, labelled levels and a hover readout', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Levels');
  await signInAs(page, 'levels', `/app/workspace/${ws.id}/new`);
  const dialog = page.getByRole('dialog', { name: 'New Widget' });
  await dialog.getByRole('button', { name: 'Price and levels' }).click();
  await dialog.getByRole('combobox', { name: 'Sessions' }).selectOption('1');
  await dialog.getByRole('button', { name: 'Add widget' }).click();
  await expect(dialog).toBeHidden();
  await waitSettled(page, 1);
  const w = widgets(page).first();
  const chart = w.getByTestId('price-levels');
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute('data-style', 'candles');

  // The chart draws what the route answers: its candles and, at the right edge, every level with its distance.
  const answer = await priceLevels(page.request, tokens, { ticker: 'SPX', expirations: { option: 'ALL' }, previousSessions: 1 });
  expect(answer.sessions).toHaveLength(2);
  expect(Number(await chart.getAttribute('data-candles'))).toBe(answer.candles.length);
  const levels = (await chart.getAttribute('data-levels'))!.split(',');
  expect(levels).toEqual(expect.arrayContaining(['zeroGamma', 'callWall', 'putWall']));
  const last = answer.levels[answer.levels.length - 1];
  const labels = w.getByTestId('level-labels').locator('li');
  await expect(labels.filter({ hasText: 'Call wall' })).toHaveCount(1);
  const callWall = await labels.filter({ hasText: 'Call wall' }).textContent();
  expect(callWall).toContain(new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(last.callWall));
  expect(callWall).toMatch(/\([+-][\d,.]+, [+-][\d.]+%\)/);
  expect(await colouredPixels(w, [GREEN, RED])).toBeGreaterThan(50);

  const text = await hoverUntilReadout(page, w);
  expect(text).toMatch(/[A-Z][a-z]{2} \d{1,2} \d{2}:\d{2} ET/);
  expect(text).toMatch(/Open [\d,.]+ · High [\d,.]+/);
  expect(text).toMatch(/Zero gamma [\d,.]+/);
  expect(text).toMatch(/Call wall [\d,.]+/);
  await page.mouse.move(0, 0);
  await saveScreenshot(page, 'price-levels');
});

test('price and levels at a historical time stops at that time and names it', async ({ page }) => {
  const dates = await (async () => {
    const headers = { Authorization: `Bearer ${await dataToken(page.request, tokens)}` };
    return (await (await page.request.get('/api/v1/data/historical/volland-live-api-dates?ticker=SPX', { headers })).json()).available_dates as string[];
  })();
  const day = dates[dates.length - 2];
  const date = `${day} 11:00`;
  const ws = await createWorkspace(page.request, tokens, 'Replay', [
    { name: null, type: 'CHART', size: 'M', position: { x: 0, y: 0 }, configuration: { type: 'price_levels', ticker: 'SPX', greek: 'gamma', expirations: { option: 'ALL' }, previousSessions: 0, date } },
  ]);
  await signInAs(page, 'levels', `/app/workspace/${ws.id}`);
  await waitSettled(page, 1);
  const w = widgets(page).first();
  await expect(w.getByTestId('freshness')).toContainText('HISTORICAL');
  const answer = await priceLevels(page.request, tokens, { ticker: 'SPX', previousSessions: 0, date });
  expect(answer.lastModified <= `${day}T16:00:00Z`).toBe(true);
  const chart = w.getByTestId('price-levels');
  await expect(chart).toHaveAttribute('data-candles', String(answer.candles.length));
  expect(answer.candles.length).toBeGreaterThan(3);
  const text = await hoverUntilReadout(page, w);
  expect(text).toMatch(/\d{2}:\d{2} ET/);
  await saveScreenshot(page, 'price-levels-historical');
});
