// Screenshots of every widget kind in the dark and the light theme, attached to the test report and
// saved under test-results/screenshots/gallery/ (kept as test artifacts). Each shot waits until the
// widget shows its data; 3D surfaces wait until their first frame is drawn.
import type { Page } from '@playwright/test';
import { apiLogin, auth, expect, resetWorkspaces, SCREENSHOT_DIR, signInAs, test, USERS } from './fixtures';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const at = (x: number, y: number) => ({ x, y });

const chart = (x: number, y: number, configuration: Record<string, unknown>) => ({ name: null, type: 'CHART', size: 'S', position: at(x, y), configuration });

/** One widget of every kind (and every chart variant), in a 12-column grid. */
const GALLERY = [
  chart(0, 0, { type: 'exposure', ticker: 'SPX', greek: 'gamma', kind: 'both', expirations: { option: 'ALL' }, isCumulative: false }),
  chart(6, 0, { type: 'exposure', ticker: 'SPX', greek: 'charm', kind: 'both', expirations: { option: 'ALL' }, isCumulative: true }),
  chart(0, 2, { type: 'summary', ticker: 'SPX', greek: 'gamma' }),
  chart(6, 2, { type: 'summary', ticker: 'SPX', greek: 'vanna' }),
  chart(0, 4, { type: 'summary', ticker: 'SPX', greek: 'charm' }),
  chart(6, 4, { type: 'surface', ticker: 'SPX', greek: 'gamma', kind: 'both', chartName: 'GREEK_VOLATILITY' }),
  chart(0, 6, { type: 'surface', ticker: 'SPX', greek: 'gamma', kind: 'both', chartName: 'IV_VOLATILITY' }),
  chart(6, 6, { type: 'statistics', ticker: 'SPX', greek: 'charm', chartName: 'SPOT_VOL_CORRELATION' }),
  chart(0, 8, { type: 'statistics', ticker: 'SPX', greek: 'charm', chartName: 'AGGREGATE_TREND' }),
  { name: null, type: 'AGGREGATE', size: 'S', position: at(6, 8), configuration: { ticker: 'SPX', greek: 'gamma' } },
  { name: null, type: 'LIQUIDITY', size: 'M', position: at(8, 8), configuration: { ticker: 'SPX' } },
  { name: null, type: 'TICKER', size: 'L', position: at(0, 9), configuration: { ticker: 'SPX' } },
  { name: null, type: 'ZERODTE', size: 'M', position: at(6, 9), configuration: { ticker: 'SPX' } },
  { name: null, type: 'DEALER_PREMIUM', size: 'M', position: at(9, 9), configuration: { ticker: 'SPX' } },
];

const widgets = (page: Page) => page.getByTestId('widget');

test('every widget kind is captured in the dark and the light theme', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const tokens = await apiLogin(page.request, USERS.gallery.email);
  await resetWorkspaces(page.request, tokens);
  const r = await page.request.post('/api/v1/workspaces', { headers: auth(tokens), data: { name: 'Gallery', state: 'ACTIVE', widgets: GALLERY } });
  expect(r.status()).toBe(201);
  const ws = await r.json();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'gallery', `/app/workspace/${ws.id}`);
  for (const theme of ['dark', 'light'] as const) {
    const dir = join(SCREENSHOT_DIR, 'gallery', theme);
    mkdirSync(dir, { recursive: true });
    await page.evaluate((t) => localStorage.setItem('themeMode', t), theme);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(widgets(page)).toHaveCount(GALLERY.length, { timeout: 20_000 });
    await expect(page.locator('[data-testid="widget"] [data-state="loading"]')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.locator('[data-testid="widget"] [data-state="error"]')).toHaveCount(0);
    await expect(page.locator('[data-testid="surface-stage"][data-ready="true"]')).toHaveCount(2, { timeout: 60_000 });
    await expect(page.locator('[data-testid="widget-surface"]').first()).toHaveAttribute('data-theme-mode', theme);
    const all = await widgets(page).all();
    const kinds = new Set<string>();
    for (let i = 0; i < all.length; i += 1) {
      const kind = (await all[i].getAttribute('data-kind')) ?? 'widget';
      kinds.add(kind);
      await all[i].scrollIntoViewIfNeeded();
      const name = `${theme}-${String(i).padStart(2, '0')}-${kind}.png`;
      const body = await all[i].screenshot({ path: join(dir, name) });
      await testInfo.attach(name, { body, contentType: 'image/png' });
    }
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['aggregate', 'dealer_premium', 'exposure', 'liquidity', 'statistics', 'summary', 'surface', 'ticker', 'zerodte']));
  }
});
