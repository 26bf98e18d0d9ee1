// Key levels and the keyboard, end to end against the real backend (e2e/server.sh, the tiny demo store):
// the key levels widget added through the dialog shows the route's numbers and sorts; a ticker clicked in it
// changes the chart of its group, or opens an exposure chart; `/` focuses the header's ticker search, `?`
// lists the shortcuts, `f` and `e` act on the chart under the pointer and nothing fires while typing.
// Screenshots: test-results/screenshots/key-levels.png and shortcuts.png.
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, auth, createWorkspace, expect, resetWorkspaces, saveScreenshot, signInAs, test, type Tokens, USERS, waitSettled, widgets } from './fixtures';

let tokens: Tokens;

test.beforeEach(async ({ page }) => {
  tokens = await apiLogin(page.request, USERS.keylevels.email);
  await resetWorkspaces(page.request, tokens);
});

async function keyLevels(request: APIRequestContext, tickers: string[]) {
  const token = (await (await request.post('/api/v1/auth/generate-data-api-token', { headers: auth(tokens) })).json()).dataApiAccessToken;
  const r = await request.get(`/api/v1/data/key-levels?tickers=${tickers.join(',')}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(r.status()).toBe(200);
  return (await r.json()) as { rows: { ticker: string; spot: number | null; callWall: number | null; expectedMove: number | null }[] };
}

const fmt = (v: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(v);
const rowTickers = (page: Page) => page.getByTestId('key-levels-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-ticker')));

const exposure = (id: string, x: number, group: unknown = null) => ({
  id, name: null, type: 'CHART', size: 'S', position: { x, y: 0 }, group,
  configuration: { type: 'exposure', ticker: 'SPX', greek: 'gamma', kind: 'both', expirations: { option: 'ALL' }, isCumulative: false },
});
const list = (id: string, x: number, group: unknown = null) => ({
  id, name: null, type: 'WATCHLIST', size: 'M', position: { x, y: 0 }, group, configuration: { tickers: ['SPX', 'QQQ', 'IWM'] },
});
const BLUE = { id: 7, name: 'Blue', color: '#3e7bfa' };

test('the key levels widget is added from the dialog, shows the route\'s figures and sorts', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Levels');
  await signInAs(page, 'keylevels', `/app/workspace/${ws.id}/new`);
  const dialog = page.getByRole('dialog', { name: 'New Widget' });
  await dialog.getByRole('button', { name: 'Key levels' }).click();
  await expect(dialog.getByRole('list', { name: 'Tickers of the list' }).getByRole('listitem')).toHaveCount(4);
  await dialog.getByRole('button', { name: 'Add widget' }).click();
  await waitSettled(page, 1);
  const answer = await keyLevels(page.request, ['SPX', 'SPY', 'QQQ', 'IWM']);
  await expect(page.getByTestId('key-levels-row')).toHaveCount(4);
  for (const r of answer.rows) {
    const row = page.locator(`[data-testid="key-levels-row"][data-ticker="${r.ticker}"]`);
    await expect(row).toContainText(fmt(r.spot!));
    await expect(row).toContainText(fmt(r.callWall!));
    await expect(row).toContainText(`±${fmt(r.expectedMove!)}`);
  }
  // Sorting by spot, both ways, announced on the header.
  const spot = page.getByRole('columnheader', { name: /Spot/ });
  await page.getByTestId('sort-spot').click();
  await expect(spot).toHaveAttribute('aria-sort', 'ascending');
  const ascending = [...answer.rows].sort((a, b) => a.spot! - b.spot!).map((r) => r.ticker);
  expect(await rowTickers(page)).toEqual(ascending);
  await page.getByTestId('sort-spot').press('Enter');
  await expect(spot).toHaveAttribute('aria-sort', 'descending');
  expect(await rowTickers(page)).toEqual([...ascending].reverse());
  await saveScreenshot(page, 'key-levels');
});

test('a ticker clicked in the list changes its group\'s chart, or opens an exposure chart', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Follow', [list('k', 0, BLUE), exposure('c', 6, BLUE)]);
  await signInAs(page, 'keylevels', `/app/workspace/${ws.id}`);
  await waitSettled(page, 2);
  const chart = page.locator('[data-testid="widget"][data-kind="exposure"]');
  await expect(chart).toContainText('SPX ·');
  await page.locator('[data-ticker="QQQ"]').getByRole('button', { name: 'QQQ' }).click();
  await expect(chart).toContainText('QQQ ·');
  await waitSettled(page, 2);

  // Out of the group, the same click opens an exposure chart of the ticker.
  await page.locator('[data-testid="widget"][data-kind="watchlist"]').getByRole('button', { name: 'Group Blue' }).click();
  await page.getByRole('menuitem', { name: 'Reset Group' }).click();
  await page.locator('[data-ticker="IWM"]').getByRole('button', { name: 'IWM' }).click();
  await expect(widgets(page)).toHaveCount(3);
  await expect(page.locator('[data-testid="widget"][data-kind="exposure"]').filter({ hasText: 'IWM ·' })).toHaveCount(1);
});

test('shortcuts: / searches a ticker, ? lists them, f and e act on the chart under the pointer, none while typing', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Keys', [exposure('c', 0)]);
  await signInAs(page, 'keylevels', `/app/workspace/${ws.id}`);
  await waitSettled(page, 1);
  const search = page.getByRole('combobox', { name: 'Jump to ticker' });

  await page.locator('body').press('/');
  await expect(search).toBeFocused();
  // Typing in the field is text, not commands: 'f' does not open full screen.
  await search.pressSequentially('iwf');
  await expect(page.locator('.ws-widget.is-fullscreen')).toHaveCount(0);
  await search.fill('iwm');
  await page.getByRole('option', { name: 'IWM', exact: true }).click();
  await expect(widgets(page)).toHaveCount(2);
  await expect(page.locator('[data-testid="widget"][data-kind="exposure"]').filter({ hasText: 'IWM ·' })).toHaveCount(1);

  // f: full screen of the hovered chart; Esc leaves it.
  const first = widgets(page).first();
  await first.hover();
  await page.keyboard.press('f');
  await expect(first).toHaveClass(/is-fullscreen/);
  await page.keyboard.press('Escape');
  await expect(first).not.toHaveClass(/is-fullscreen/);
  // e: the next expirations of the hovered chart (All → 0DTE), saved.
  await first.hover();
  await page.keyboard.press('e');
  await expect(first.getByRole('combobox', { name: 'Expirations' })).toHaveValue('TODAY');

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  for (const key of ['/', '?', 'f', 'e', 'Esc']) await expect(help.locator('kbd', { hasText: new RegExp(`^${key.replace(/[?/]/g, '\\$&')}$`) })).toHaveCount(1);
  await saveScreenshot(page, 'shortcuts');
  // Shortcuts are off while the dialog is open.
  await page.keyboard.press('f');
  await expect(page.locator('.ws-widget.is-fullscreen')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
});
