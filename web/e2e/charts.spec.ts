// Charts a trader can read (issue: readouts, units, zoom, titles, full screen, phones, watermark), end to
// end against the real backend, plus screenshots of every widget kind in both themes under
// test-results/screenshots/ (kept as test artifacts).
import type { Locator } from '@playwright/test';
import { apiLogin, auth, createWorkspace, expect, resetWorkspaces, saveScreenshot, SCREENSHOT_DIR, signInAs, test, type Tokens, USERS, waitSettled, widgets } from './fixtures';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const at = (x: number, y: number) => ({ x, y });

const exposure = (x: number, y: number, size: 'S' | 'M', over: Record<string, unknown> = {}) => ({
  name: null, type: 'CHART', size, position: at(x, y),
  configuration: { type: 'exposure', ticker: 'SPX', greek: 'gamma', kind: 'both', expirations: { option: 'ALL' }, isCumulative: false, ...over },
});


/** The x scale of a widget's uPlot chart. */
async function xScale(widget: Locator): Promise<[number, number]> {
  return widget.locator('.uplot-host').evaluate((el) => {
    const u = (el as HTMLElement & { __uplot: { scales: { x: { min: number; max: number } } } }).__uplot;
    return [u.scales.x.min, u.scales.x.max] as [number, number];
  });
}

let tokens: Tokens;

test.beforeEach(async ({ page }) => {
  tokens = await apiLogin(page.request, USERS.charts.email);
  await resetWorkspaces(page.request, tokens);
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('hovering an exposure bar reads its strike, calls, puts and total with unit; cumulative reads the running total', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Readouts', [exposure(0, 0, 'S'), exposure(6, 0, 'S', { greek: 'charm', isCumulative: true })]);
  await signInAs(page, 'charts', `/app/workspace/${ws.id}`);
  await waitSettled(page, 2);
  const gamma = widgets(page).filter({ hasText: 'Gamma exposure' });
  const over = gamma.locator('.u-over');
  const box = (await over.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const readout = gamma.getByTestId('chart-readout');
  await expect(readout).toBeVisible();
  await expect(readout).toContainText(/Strikes? [\d,]+/);
  await expect(readout).toContainText(/Calls -?\$[\d.]+[KMBT]? delta per 1 % move/);
  await expect(readout).toContainText(/Puts -?\$[\d.]+[KMBT]? delta per 1 % move/);
  await expect(readout).toContainText(/Total -?\$[\d.]+[KMBT]? delta per 1 % move/);

  const charm = widgets(page).filter({ hasText: 'Charm exposure' });
  const cbox = (await charm.locator('.u-over').boundingBox())!;
  await page.mouse.move(cbox.x + cbox.width / 2, cbox.y + cbox.height / 2);
  await expect(charm.getByTestId('chart-readout')).toContainText(/Cumulative -?\$[\d.]+[KMBT]? delta per calendar day/);
  await saveScreenshot(page, 'charts-readout');
});

test('the aggregate trend and the spot–vol scatter read their values on hover', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Stats', [
    { name: null, type: 'CHART', size: 'S', position: at(0, 0), configuration: { type: 'statistics', ticker: 'SPX', greek: 'charm', chartName: 'AGGREGATE_TREND' } },
    { name: null, type: 'CHART', size: 'S', position: at(6, 0), configuration: { type: 'statistics', ticker: 'SPX', greek: 'charm', chartName: 'SPOT_VOL_CORRELATION' } },
  ]);
  await signInAs(page, 'charts', `/app/workspace/${ws.id}`);
  await waitSettled(page, 2);
  const trend = widgets(page).filter({ hasText: 'aggregate trend' });
  const tb = (await trend.locator('.u-over').boundingBox())!;
  await page.mouse.move(tb.x + tb.width * 0.6, tb.y + tb.height / 2);
  await expect(trend.getByTestId('chart-readout')).toContainText(/\d{4}-\d{2}-\d{2}/);
  await expect(trend.getByTestId('chart-readout')).toContainText(/Aggregate -?\$[\d.]+[KMBT]? delta per calendar day/);
  // The demo's daily aggregates before its first computed session are modelled: the chart says so.
  await expect(trend.getByTestId('trend-modelled')).toHaveText(/Modelled \(demo back-history\) through \d{4}-\d{2}-\d{2}/);
  await saveScreenshot(page, 'charts-trend-modelled');
  const corr = widgets(page).filter({ hasText: 'Spot–vol correlation' });
  const cb = (await corr.locator('.u-over').boundingBox())!;
  await page.mouse.move(cb.x + cb.width / 2, cb.y + cb.height / 2);
  await expect(corr.getByTestId('chart-readout')).toContainText(/Spot change -?[\d.]+ %/);
});

test('the strike axis zooms by dragging and by the wheel, and a double-click resets it; strikes are binned only when bars would be under 4 px', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Zoom', [exposure(0, 0, 'S')]);
  await signInAs(page, 'charts', `/app/workspace/${ws.id}`);
  await waitSettled(page, 1);
  const chart = widgets(page).first();
  const full = await xScale(chart);
  const over = chart.locator('.u-over');
  const box = (await over.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => { const [a, b] = await xScale(chart); return b - a; }).toBeLessThan((full[1] - full[0]) * 0.5);
  await over.dblclick({ position: { x: box.width / 2, y: box.height / 2 } });
  await expect.poll(async () => (await xScale(chart))[1] - (await xScale(chart))[0]).toBeCloseTo(full[1] - full[0], 0);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -200);
  await expect.poll(async () => { const [a, b] = await xScale(chart); return b - a; }).toBeLessThan(full[1] - full[0]);
  // One bar per strike unless a bar would get less than 4 px: the bars in view fit the plot at 4 px each.
  const inView = await chart.locator('.uplot-host').evaluate((el) => {
    const u = (el as HTMLElement & { __uplot: { data: number[][]; scales: { x: { min: number; max: number } } } }).__uplot;
    return u.data[0].filter((x) => x >= u.scales.x.min && x <= u.scales.x.max).length;
  });
  expect(inView).toBeLessThanOrEqual(Math.floor(box.width / 4) + 1);
});

test('a legend explains bar colours and level lines; the strike range defaults to the expected move and can be set', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Legend', [exposure(0, 0, 'S'), exposure(6, 0, 'S', { greek: 'delta', strikeRange: 5 })]);
  await signInAs(page, 'charts', `/app/workspace/${ws.id}`);
  await waitSettled(page, 2);
  const gamma = widgets(page).filter({ hasText: 'Gamma exposure' });
  const legend = gamma.getByTestId('exposure-legend');
  await legend.getByText('Legend').click();
  await expect(legend).toContainText('Green bars: above zero at strikes at or above spot');
  await expect(legend).toContainText(/Spot [\d,]+\.\d{2}/);
  await expect(legend).toContainText(/Strikes ±[\d.]+ % \(2× \d+-day expected move\)/);
  const delta = widgets(page).filter({ hasText: 'Delta exposure' });
  await expect(delta.getByTestId('widget-subtitle')).toContainText('Strikes ±5 %');
  await delta.getByTestId('exposure-legend').getByText('Legend').click();
  await expect(delta.getByTestId('exposure-legend')).toContainText('Green bars: above zero');
  await expect(delta.getByTestId('exposure-legend')).toContainText('Strikes ±5 %');
  const chart = delta.locator('.ws-chart');
  const spot = Number(await chart.getAttribute('data-spot'));
  const first = Number(await chart.getAttribute('data-first-strike'));
  expect(first).toBeGreaterThanOrEqual(spot * 0.95 - 1e-6);
  await saveScreenshot(page, 'charts-legend');
});

test('on a 1440×900 laptop a Medium chart keeps the 300 px rows and the page scrolls to its strike axis', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Laptop', [exposure(0, 0, 'M')]);
  await signInAs(page, 'charts', `/app/workspace/${ws.id}`);
  await waitSettled(page, 1);
  const tile = widgets(page).first();
  const box = (await tile.boundingBox())!;
  // Three rows of 300 px and two 12 px margins (app spec §9), whatever the window's height.
  expect(box.height).toBeCloseTo(3 * 300 + 2 * 12, 0);
  const plot = tile.locator('.uplot').first();
  await plot.scrollIntoViewIfNeeded();
  await expect(plot).toBeInViewport({ ratio: 0.9 });
  expect((await plot.boundingBox())!.height).toBeGreaterThan(600);
});

test('titles say what is plotted and the expiration selection changes from the header', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Titles', [exposure(0, 0, 'S', { kind: 'call', isCumulative: true })]);
  await signInAs(page, 'charts', `/app/workspace/${ws.id}`);
  await waitSettled(page, 1);
  const w = widgets(page).first();
  await expect(w.getByRole('heading')).toHaveText('SPX · Gamma exposure (cumulative)');
  await expect(w.getByTestId('widget-subtitle')).toHaveText('Calls · All expirations · Cumulative');
  // All expirations reads the spec's words of the nearest expiration drawn.
  await expect(w.getByTestId('freshness')).toContainText(/EXPIRES (TODAY|IN \d+ DAYS?)|OUTDATED/);
  await w.getByLabel('Expirations').selectOption({ label: 'Next 30 days' });
  await expect(w.getByTestId('widget-subtitle')).toContainText('Next 30 days');
  await expect
    .poll(async () => (await (await page.request.get('/api/v1/workspaces', { headers: auth(tokens) })).json())[0].widgets[0].configuration.expirations.option)
    .toBe('THIRTY_NEXT_DAYS');
});

test('full screen covers the window and Escape brings the tile back', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Full', [exposure(0, 0, 'S')]);
  await signInAs(page, 'charts', `/app/workspace/${ws.id}`);
  await waitSettled(page, 1);
  const w = widgets(page).first();
  const before = (await w.boundingBox())!;
  await w.getByRole('button', { name: 'Full screen' }).click();
  await expect(w).toHaveClass(/is-fullscreen/);
  await expect.poll(async () => (await widgets(page).first().boundingBox())!.width).toBeGreaterThan(1430);
  const b = (await widgets(page).first().boundingBox())!;
  expect(b.x).toBeLessThan(1);
  expect(b.y).toBeLessThan(1);
  expect(b.height).toBeGreaterThan(890);
  // The chart follows the new size.
  await expect.poll(async () => (await widgets(page).first().locator('canvas').first().boundingBox())!.width).toBeGreaterThan(1300);
  await saveScreenshot(page, 'charts-fullscreen');
  await page.keyboard.press('Escape');
  await expect(widgets(page).first()).not.toHaveClass(/is-fullscreen/);
  expect(Math.abs((await widgets(page).first().boundingBox())!.width - before.width)).toBeLessThan(2);
});

test('a window narrowed under 768 px becomes a single column of full-width tiles without a minimap', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Phone', [exposure(0, 0, 'S'), exposure(6, 0, 'S', { greek: 'charm' })]);
  await signInAs(page, 'charts', `/app/workspace/${ws.id}`);
  await waitSettled(page, 2);
  await expect(page.getByTestId('workspace-page')).toHaveAttribute('data-screen', 'desktop');
  await expect(page.getByLabel('Minimap')).toHaveCount(1);
  // Resized without a reload: the layout follows the real width.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('workspace-page')).toHaveAttribute('data-screen', 'mobile');
  await expect(page.getByLabel('Minimap')).toHaveCount(0);
  await expect.poll(async () => { const [a, b] = await widgets(page).all(); return Math.abs((await a.boundingBox())!.x - (await b.boundingBox())!.x); }).toBeLessThan(2);
  const [a, b] = await widgets(page).all();
  const ra = (await a.boundingBox())!;
  const rb = (await b.boundingBox())!;
  expect(rb.y).toBeGreaterThan(ra.y + ra.height - 1);
  expect(ra.width).toBeGreaterThan(340);
  expect(ra.x + ra.width).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'charts-phone');
  await page.setViewportSize({ width: 900, height: 800 });
  await expect(page.getByTestId('workspace-page')).toHaveAttribute('data-screen', 'tablet');
  await expect(page.getByLabel('Minimap')).toHaveCount(0);
});

test("a Basic user's existing screener widget offers the upgrade instead of a loading error", async ({ page }) => {
  const basic = await apiLogin(page.request, USERS.chartsBasic.email);
  await resetWorkspaces(page.request, basic);
  const ws = await createWorkspace(page.request, basic, 'Basic screener', [
    { name: null, type: 'SCREENER', size: 'M', position: at(0, 0), configuration: { flag: 'mag', length: 10, superlative: 'greatest', greek: 'gamma', timeFrame: 'week', stockPriceRange: { min: null, max: null } } },
  ]);
  await signInAs(page, 'chartsBasic', `/app/workspace/${ws.id}`);
  const w = widgets(page).first();
  await expect(w.locator('[data-state="upgrade"]')).toContainText('please upgrade the subscription to Volland 30 or higher');
  await expect(w.getByRole('link', { name: 'Upgrade plan' })).toBeVisible();
  await expect(w.getByText('Widget loading error')).toHaveCount(0);
  await expect(w.getByRole('heading')).toHaveText('Screener · Gamma Magnitude · Week');
});

const ALL_KINDS = [
  exposure(0, 0, 'S'),
  { name: null, type: 'CHART', size: 'S', position: at(6, 0), configuration: { type: 'summary', ticker: 'SPX', greek: 'gamma' } },
  { name: null, type: 'CHART', size: 'S', position: at(0, 2), configuration: { type: 'summary', ticker: 'SPX', greek: 'vanna' } },
  { name: null, type: 'CHART', size: 'S', position: at(6, 2), configuration: { type: 'surface', ticker: 'SPX', greek: 'gamma', kind: 'both', chartName: 'GREEK_VOLATILITY' } },
  { name: null, type: 'CHART', size: 'S', position: at(0, 4), configuration: { type: 'surface', ticker: 'SPX', greek: 'gamma', kind: 'both', chartName: 'IV_VOLATILITY' } },
  { name: null, type: 'CHART', size: 'S', position: at(6, 4), configuration: { type: 'statistics', ticker: 'SPX', greek: 'charm', chartName: 'SPOT_VOL_CORRELATION' } },
  { name: null, type: 'CHART', size: 'S', position: at(0, 6), configuration: { type: 'statistics', ticker: 'SPX', greek: 'charm', chartName: 'AGGREGATE_TREND' } },
  { name: null, type: 'AGGREGATE', size: 'S', position: at(6, 6), configuration: { ticker: 'SPX', greek: 'gamma' } },
  { name: null, type: 'LIQUIDITY', size: 'M', position: at(8, 6), configuration: { ticker: 'SPX' } },
  { name: null, type: 'TICKER', size: 'L', position: at(0, 7), configuration: { ticker: 'SPX' } },
  { name: null, type: 'ZERODTE', size: 'M', position: at(6, 7), configuration: { ticker: 'SPX' } },
  { name: null, type: 'DEALER_PREMIUM', size: 'M', position: at(9, 7), configuration: { ticker: 'SPX' } },
];

test('every widget kind in both themes: screenshots saved and the watermark at most 122 px wide', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Gallery', ALL_KINDS);
  const dir = join(SCREENSHOT_DIR, 'widgets');
  mkdirSync(dir, { recursive: true });
  await signInAs(page, 'charts', `/app/workspace/${ws.id}`);
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => localStorage.setItem('themeMode', t), theme);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await waitSettled(page, ALL_KINDS.length);
    for (const mark of await page.getByTestId('chart-watermark').all()) expect((await mark.boundingBox())!.width).toBeLessThanOrEqual(122);
    const all = await widgets(page).all();
    for (let i = 0; i < all.length; i += 1) {
      const kind = await all[i].getAttribute('data-kind');
      await all[i].scrollIntoViewIfNeeded();
      await all[i].screenshot({ path: join(dir, `${theme}-${String(i).padStart(2, '0')}-${kind}.png`) });
    }
  }
});
