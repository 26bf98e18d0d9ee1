// Workspaces, the widget grid and widget kinds, end to end against the real backend (e2e/server.sh):
// presets drawing real demo data, tab reorder, edit + resize, groups, historical mode, archive and
// reopen from the drawer, delete, and the Basic-tier screener lock.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiLogin, auth, colouredPixels, createWorkspace, expect, resetWorkspaces, saveScreenshot, signInAs, test, type Tokens, USERS } from './fixtures';

// Every test here resets and works on the live user's workspaces; the file's tests run one after another
// in one worker (the config is not fully parallel).

async function listWorkspaces(request: APIRequestContext, t: Tokens) {
  return (await request.get('/api/v1/workspaces', { headers: auth(t) })).json();
}

async function dataToken(request: APIRequestContext, t: Tokens): Promise<string> {
  const r = await request.post('/api/v1/auth/generate-data-api-token', { headers: auth(t) });
  return (await r.json()).dataApiAccessToken;
}

async function data(request: APIRequestContext, token: string, path: string, body?: unknown) {
  const headers = { Authorization: `Bearer ${token}` };
  const r = body ? await request.post(`/api/v1/data/${path}`, { headers, data: body }) : await request.get(`/api/v1/data/${path}`, { headers });
  return { status: r.status(), body: await r.json() };
}

/** Non-transparent pixels inside the plot area (heatmaps). */
async function inkPixels(widget: Locator): Promise<number> {
  const canvas = widget.locator('canvas').first();
  return canvas.evaluate((el) => {
    const c = el as HTMLCanvasElement;
    const img = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < img.length; i += 4) if (img[i] > 0) n += 1;
    return n;
  });
}

const GREEN: [number, number, number] = [43, 182, 115];
const RED: [number, number, number] = [229, 72, 77];

const widgets = (page: Page) => page.getByTestId('widget');

async function waitSettled(page: Page, count: number) {
  await expect(widgets(page)).toHaveCount(count, { timeout: 20_000 });
  // Every widget leaves the loading state (ready with data, or an explicit empty state).
  await expect(page.locator('[data-testid="widget"] [data-state="loading"]')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('[data-testid="widget"] [data-state="error"]')).toHaveCount(0);
}

async function createFromPreset(page: Page, name: string, preset: 'Summary' | 'Exposure' | '0DTE') {
  await page.getByRole('button', { name: 'Add a new workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Workspace' });
  await expect(dialog.getByRole('button', { name: 'From Presets' })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByLabel('Workspace name').fill(name);
  await expect(dialog.getByText(`${120 - name.length} character(s) left`)).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Preset' }).selectOption({ label: preset });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/app\/workspace\/\d+$/);
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

const fmt = (v: number, digits = 2) => new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(v);
const compact = (v: number) => new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 3 }).format(v);
/** Dollars as the value tiles show them: '$1.23B', '-$45.6M' (premium); '$12.345' (DADS). */
const dollars = (v: number) => `${v < 0 ? '-' : ''}$${new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 }).format(Math.abs(v))}`;
const dollarsExact = (v: number) => `${v < 0 ? '-' : ''}$${fmt(Math.abs(v), 3)}`;

let tokens: Tokens;

test.beforeEach(async ({ page }) => {
  tokens = await apiLogin(page.request, USERS.live.email);
  await resetWorkspaces(page.request, tokens);
});

test('summary preset draws the ticker summary, gamma candlestick and vanna heatmap from real data', async ({ page }) => {
  await signInAs(page, 'live', '/app/workspace');
  await expect(page).toHaveURL(/\/app\/workspace\/welcome$/);
  await expect(page.getByRole('heading', { name: 'Get Started' })).toBeVisible();
  await createFromPreset(page, 'Morning summary', 'Summary');
  await waitSettled(page, 3);

  const dt = await dataToken(page.request, tokens);
  const summary = (await data(page.request, dt, 'volland-live-api-summary?ticker=SPX')).body;
  await expect(page.getByTestId('ticker-price')).toHaveText(fmt(summary.price));

  const gamma = widgets(page).filter({ hasText: 'Gamma candlestick' });
  const candles = (await data(page.request, dt, 'volland-live-api-candles?ticker=SPX&frequency=10')).body.candles;
  expect(candles.length).toBeGreaterThan(0);
  await expect(gamma.locator('.ws-chart')).toHaveAttribute('data-last-close', String(candles[candles.length - 1].close));
  expect(await colouredPixels(gamma, [GREEN, RED])).toBeGreaterThan(50);

  const vanna = widgets(page).filter({ hasText: 'Vanna heatmap' });
  await expect(vanna.locator('.ws-chart')).not.toHaveAttribute('data-cells', '0');
  expect(await inkPixels(vanna)).toBeGreaterThan(1000);
  await saveScreenshot(page, 'workspace-preset-summary');
});

test('exposure preset pairs each greek with its cumulative chart and draws bars at the spot price', async ({ page }) => {
  await signInAs(page, 'live', '/app/workspace');
  await createFromPreset(page, 'Exposure board', 'Exposure');
  await waitSettled(page, 6);
  await expect(widgets(page).filter({ hasText: '(cumulative)' })).toHaveCount(3);

  const dt = await dataToken(page.request, tokens);
  const gamma = (await data(page.request, dt, 'volland-exposure', { ticker: 'SPX', greek: 'gamma', kind: 'both', expirations: { option: 'ALL' }, isCumulative: false })).body;
  const chart = widgets(page).filter({ hasText: 'SPX · Gamma exposure' }).filter({ hasNotText: 'cumulative' });
  await expect(chart.locator('.ws-chart')).toHaveAttribute('data-spot', String(gamma.currentPrice));
  expect(Number(await chart.getByTestId('widget-chart').getAttribute('data-points'))).toBeGreaterThan(3);
  expect(await colouredPixels(chart, [GREEN, RED])).toBeGreaterThan(50);
  for (const w of await widgets(page).all()) expect(await colouredPixels(w, [GREEN, RED])).toBeGreaterThan(20);
  await expect(chart.getByTestId('freshness')).toContainText(/EXPIRES (TODAY|IN \d+ DAYS?)|OUTDATED/);
  await expect(chart.getByTestId('freshness-source')).toHaveText('Synthetic demo · no delay');
  await saveScreenshot(page, 'workspace-preset-exposure');
});

test('0DTE preset shows the 0DTE panel values, dealer premium and today\'s charm', async ({ page }) => {
  await signInAs(page, 'live', '/app/workspace');
  await createFromPreset(page, 'Zero days', '0DTE');
  await waitSettled(page, 4);
  const dt = await dataToken(page.request, tokens);

  const premium = (await data(page.request, dt, 'volland-live-api-premium?ticker=SPX')).body;
  await expect(widgets(page).filter({ hasText: 'Dealer Premium' }).getByTestId('widget-value').first()).toHaveText(dollars(premium.dealerPremium));

  // The demo builds intraday snapshots for every session the replay clock maps today onto
  // (domain/market_clock.py), so the market time always has 0DTE data: the panel shows the API's values.
  const zeroTickers: string[] = (await data(page.request, dt, 'zero_dte/tickers')).body.tickers;
  expect(zeroTickers).toContain('SPX');
  const z = (await data(page.request, dt, 'zero_dte/volland-live-api-zero-dte?ticker=SPX')).body;
  expect(typeof z.paradigm).toBe('string');
  expect(Number.isFinite(z.zerodte_agg_charm)).toBe(true);
  expect(z.total_0dte_opt_vol).toBeGreaterThan(0);
  const panel = widgets(page).filter({ has: page.getByTestId('zerodte-paradigm') }).first();
  const fixed = (v: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(v);
  const lis = z.lis === null ? '—' : Array.isArray(z.lis) ? z.lis.map(fixed).join(' – ') : fixed(z.lis);
  await expect(panel.getByTestId('zerodte-paradigm')).toHaveText(z.paradigm);
  await expect(panel.getByTestId('zerodte-target')).toHaveText(z.target === null ? '—' : fixed(z.target));
  await expect(panel.getByTestId('zerodte-lis')).toHaveText(lis);
  await expect(panel.getByTestId('zerodte-charm')).toHaveText(compact(z.zerodte_agg_charm));
  await expect(panel.getByTestId('zerodte-volume')).toHaveText(compact(z.total_0dte_opt_vol));

  const charm = await data(page.request, dt, 'volland-exposure', { ticker: 'SPX', greek: 'charm', kind: 'both', expirations: { option: 'TODAY' }, isCumulative: false });
  expect(charm.status).toBe(200);
  expect(charm.body.data.length).toBeGreaterThan(0);
  const charmWidget = widgets(page).filter({ hasText: 'SPX · Charm exposure' }).filter({ hasNotText: 'cumulative' });
  expect(await colouredPixels(charmWidget, [GREEN, RED])).toBeGreaterThan(20);
  await expect(charmWidget.getByTestId('freshness')).toContainText('EXPIRES TODAY');
  await saveScreenshot(page, 'workspace-preset-zerodte');
});

test('tabs reorder by dragging past the 5 px threshold and the order is saved', async ({ page }) => {
  for (const n of ['Alpha', 'Bravo', 'Charlie']) await createWorkspace(page.request, tokens, n);
  await signInAs(page, 'live', '/app/workspace');
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['Alpha', 'Bravo', 'Charlie']);
  const from = (await page.getByRole('tab', { name: 'Charlie' }).boundingBox())!;
  const to = (await page.getByRole('tab', { name: 'Alpha' }).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 - 3, from.y + from.height / 2); // below the threshold
  await page.mouse.move(to.x + 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(tabs).toHaveText(['Charlie', 'Alpha', 'Bravo']);
  await expect
    .poll(async () => (await listWorkspaces(page.request, tokens)).sort((a: { order: number }, b: { order: number }) => a.order - b.order).map((w: { name: string }) => w.name))
    .toEqual(['Charlie', 'Alpha', 'Bravo']);
  await saveScreenshot(page, 'workspace-tabs-reordered');
});

const exposureWidget = (id: string, x: number, y: number, greek = 'gamma') => ({
  id,
  name: null,
  type: 'CHART',
  size: 'S',
  position: { x, y },
  configuration: { type: 'exposure', ticker: 'SPX', greek, kind: 'both', expirations: { option: 'ALL' }, isCumulative: false },
});

test('editing a widget changes its greek and size and re-flows the grid', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Edit me', [exposureWidget('a', 0, 0), exposureWidget('b', 0, 2, 'charm')]);
  await signInAs(page, 'live', `/app/workspace/${ws.id}`);
  await waitSettled(page, 2);
  const first = widgets(page).filter({ hasText: 'Gamma exposure' });
  const before = (await first.boundingBox())!;
  await first.getByRole('button', { name: 'Widget menu' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Widget' });
  await dialog.getByRole('combobox', { name: 'Greek' }).selectOption('vanna');
  await dialog.getByRole('combobox', { name: 'Size' }).selectOption('L');
  await expect(dialog.locator('.ws-wd-preview [data-ready="true"]')).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const edited = widgets(page).filter({ hasText: 'Vanna exposure' });
  await expect(edited).toBeVisible();
  await expect.poll(async () => (await edited.boundingBox())!.width).toBeGreaterThan(before.width * 1.6);
  const saved = (await listWorkspaces(page.request, tokens))[0].widgets;
  // Created widgets get server ids: find them by their configuration.
  const a = saved.find((w: { configuration: { greek: string } }) => w.configuration.greek === 'vanna');
  const b = saved.find((w: { configuration: { greek: string } }) => w.configuration.greek === 'charm');
  expect(a.size).toBe('L');
  expect(a.configuration.greek).toBe('vanna');
  // L is 3 rows tall: the widget below moved down to row 3.
  expect(b.position).toEqual({ x: 0, y: 3 });
  await saveScreenshot(page, 'workspace-widget-edited');
});

test('widgets join a group, change ticker together and are ungrouped', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Groups', [exposureWidget('a', 0, 0), exposureWidget('b', 6, 0, 'charm')]);
  await signInAs(page, 'live', `/app/workspace/${ws.id}`);
  await waitSettled(page, 2);
  for (const w of await widgets(page).all()) {
    await w.getByRole('button', { name: 'Set group' }).click();
    await page.getByRole('menuitemradio', { name: 'Blue' }).click();
    await expect(w).toHaveAttribute('data-group', '7');
  }
  const legend = page.getByTestId('group-legend-item');
  await expect(legend).toHaveCount(1);
  await expect(legend).toContainText('Blue');
  await expect(legend).toContainText('SPX');

  await legend.getByRole('button').click();
  await page.getByRole('menuitem', { name: 'Change ticker' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Ticker' });
  // The ticker picker searches: type part of the symbol (any case) and pick the match.
  await dialog.getByRole('combobox', { name: 'Ticker' }).fill('qq');
  await dialog.getByRole('option', { name: 'QQQ', exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(widgets(page).filter({ hasText: 'QQQ ·' })).toHaveCount(2);
  await waitSettled(page, 2);
  await saveScreenshot(page, 'workspace-grouped');

  await legend.getByRole('button').click();
  await page.getByRole('menuitem', { name: 'Ungroup' }).click();
  await page.getByRole('dialog', { name: 'Ungroup Widgets' }).getByRole('button', { name: 'Ungroup' }).click();
  await expect(legend).toHaveCount(0);
  await expect(widgets(page).first()).toHaveAttribute('data-group', '0');
  const saved = (await listWorkspaces(page.request, tokens))[0].widgets;
  expect(saved.map((w: { group: unknown }) => w.group ?? null)).toEqual([null, null]);
  expect(saved.map((w: { configuration: { ticker: string } }) => w.configuration.ticker)).toEqual(['QQQ', 'QQQ']);
});

test('a historical exposure widget needs an available date and time and shows its calculation date', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'History');
  await signInAs(page, 'live', `/app/workspace/${ws.id}`);
  await expect(page.getByText('Almost done! Just add any widget')).toBeVisible();
  await page.getByRole('button', { name: 'Add a First Widget' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Widget' });
  await expect(dialog.getByText('Select widget type to start').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Exposure', exact: true }).click();
  await expect(dialog.getByText('Demonstration data only')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Historical' }).click();
  const apply = dialog.getByRole('button', { name: 'Apply' });
  await expect(apply).toBeDisabled();
  // Pick (through the API) an available date that has published times, then choose it in the form.
  const dt = await dataToken(page.request, tokens);
  const dates: string[] = (await data(page.request, dt, 'historical/volland-live-api-dates?ticker=SPX')).body.available_dates;
  let day = '';
  let time = '';
  for (const d of [...dates].reverse()) {
    const times: string[] = (await data(page.request, dt, `historical/volland-live-api-times?ticker=SPX&date=${d}`)).body.available_time;
    if (times.length) {
      day = d;
      time = times[times.length - 1];
      break;
    }
  }
  expect(day, 'the demo store has a historical snapshot').not.toBe('');
  await dialog.getByRole('combobox', { name: 'Calculation date' }).selectOption(day);
  const timeSelect = dialog.getByRole('combobox', { name: 'Calculation time' });
  await expect(timeSelect.locator(`option[value="${time}"]`)).toHaveCount(1);
  await expect(apply).toBeDisabled();
  await timeSelect.selectOption(time);
  await expect(apply).toBeEnabled();
  await apply.click();
  await dialog.getByRole('button', { name: 'Add widget' }).click();
  await expect(dialog).toBeHidden();
  const w = widgets(page).first();
  // A new widget is scrolled into view and highlighted for 4 s.
  await expect(w).toHaveClass(/is-highlighted/);
  await waitSettled(page, 1);
  await expect(w.getByTestId('freshness')).toContainText('HISTORICAL');
  // The chosen date and time (docs/methodology.md, "Freshness").
  const chosen = new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
  await expect(w.getByTestId('freshness-detail')).toHaveText(`${chosen} ${time} ET`);
  expect(await colouredPixels(w, [GREEN, RED])).toBeGreaterThan(20);
  const saved = (await listWorkspaces(page.request, tokens))[0].widgets[0];
  expect(saved.configuration.date).toBe(`${day} ${time}`);
  await saveScreenshot(page, 'workspace-historical');
});

test('a workspace is archived from its tab, reopened from the drawer and deleted', async ({ page }) => {
  const a = await createWorkspace(page.request, tokens, 'Archive me');
  const b = await createWorkspace(page.request, tokens, 'Keep me');
  await signInAs(page, 'live', `/app/workspace/${a.id}`);
  await page.getByRole('button', { name: 'Close Archive me' }).click();
  await page.getByRole('button', { name: 'Close and save for later' }).click();
  await expect(page.getByText('The "Archive me" workspace is saved')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app/workspace/${b.id}$`));
  await expect(page.getByRole('tab')).toHaveText(['Keep me']);
  expect((await listWorkspaces(page.request, tokens)).find((w: { id: number }) => w.id === a.id).state).toBe('INACTIVE');

  await page.getByRole('button', { name: 'My Workspaces' }).click();
  const drawer = page.getByRole('complementary', { name: 'My Workspaces' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: /^Archive me/ }).click();
  await expect(page).toHaveURL(new RegExp(`/app/workspace/${a.id}$`));
  await expect(page.getByRole('tab', { name: 'Archive me' })).toBeVisible();
  expect((await listWorkspaces(page.request, tokens)).find((w: { id: number }) => w.id === a.id).state).toBe('ACTIVE');

  await page.getByRole('button', { name: 'Workspace settings' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByText('Are you sure you want to delete workspace "Archive me"? This action cannot be undone.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/app/workspace/${b.id}$`));
  expect((await listWorkspaces(page.request, tokens)).map((w: { name: string }) => w.name)).toEqual(['Keep me']);
  await saveScreenshot(page, 'workspace-after-delete');
});

test('the Basic tier cannot configure a screener and is offered an upgrade', async ({ page }) => {
  const basic = await apiLogin(page.request, USERS.basic.email);
  await resetWorkspaces(page.request, basic);
  const ws = await createWorkspace(page.request, basic, 'Basic board');
  await signInAs(page, 'basic', `/app/workspace/${ws.id}`);
  await page.getByRole('button', { name: '+ Add widget' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Widget' });
  await dialog.getByRole('button', { name: 'Screener' }).click();
  await expect(dialog.getByText('In order to use this widget, please upgrade the subscription to Volland 30 or higher.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Upgrade plan' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add widget' })).toBeDisabled();
  await expect(dialog.getByRole('combobox', { name: 'Flag' })).toBeDisabled();
  await expect(dialog.getByText('Demonstration data only')).toBeVisible();
  await saveScreenshot(page, 'workspace-basic-screener-lock');
  await dialog.getByRole('button', { name: 'Upgrade plan' }).click();
  await expect(page).toHaveURL(/\/app\/pricing$/);
});

test('a live user builds a screener and sees its ranked results', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Screens');
  await signInAs(page, 'live', `/app/workspace/${ws.id}/new`);
  const dialog = page.getByRole('dialog', { name: 'New Widget' });
  await dialog.getByRole('button', { name: 'Screener' }).click();
  await dialog.getByLabel('Minimum stock price').fill('-1');
  await expect(dialog.getByText('Minimum stock price has to be greater or equal to 0')).toBeVisible();
  await dialog.getByLabel('Minimum stock price').fill('');
  await dialog.getByRole('button', { name: 'Add widget' }).click();
  await waitSettled(page, 1);
  const dt = await dataToken(page.request, tokens);
  const res = (await data(page.request, dt, 'screener', { flag: 'norm', length: 25, superlative: 'least', greek: 'gamma', timeFrame: 'three_months', stockPriceRange: { min: null, max: null } })).body.results;
  await expect(page.getByTestId('screener-row')).toHaveCount(res.length);
  await expect(page.getByTestId('screener-row').first()).toContainText(res[0].split(':')[0]);
});

test('every other widget kind draws real data: surfaces, statistics, aggregate, liquidity, ticker', async ({ page }) => {
  const at = (x: number, y: number) => ({ x, y });
  const ws = await createWorkspace(page.request, tokens, 'All kinds', [
    { name: null, type: 'CHART', size: 'S', position: at(0, 0), configuration: { type: 'surface', ticker: 'SPX', greek: 'gamma', kind: 'both', chartName: 'GREEK_VOLATILITY' } },
    { name: null, type: 'CHART', size: 'S', position: at(6, 0), configuration: { type: 'surface', ticker: 'SPX', greek: 'gamma', kind: 'both', chartName: 'IV_VOLATILITY' } },
    { name: null, type: 'CHART', size: 'S', position: at(0, 2), configuration: { type: 'statistics', ticker: 'SPX', greek: 'charm', chartName: 'SPOT_VOL_CORRELATION' } },
    { name: null, type: 'CHART', size: 'S', position: at(6, 2), configuration: { type: 'statistics', ticker: 'SPX', greek: 'charm', chartName: 'AGGREGATE_TREND' } },
    { name: null, type: 'AGGREGATE', size: 'S', position: at(0, 4), configuration: { ticker: 'SPX', greek: 'gamma' } },
    { name: null, type: 'LIQUIDITY', size: 'M', position: at(2, 4), configuration: { ticker: 'SPX' } },
    { name: null, type: 'TICKER', size: 'L', position: at(6, 4), configuration: { ticker: 'QQQ' } },
  ]);
  await signInAs(page, 'live', `/app/workspace/${ws.id}`);
  await waitSettled(page, 7);
  const dt = await dataToken(page.request, tokens);

  const greekSurface = widgets(page).filter({ hasText: 'Gamma surface' });
  await expect(greekSurface.getByTestId('widget-surface')).not.toHaveAttribute('data-cells', '0');
  await expect(greekSurface.locator('canvas')).toHaveCount(1);
  await expect(widgets(page).filter({ hasText: 'IV surface' }).getByTestId('widget-surface')).not.toHaveAttribute('data-cells', '0');

  const scatter = (await data(page.request, dt, 'volland-live-api-scatterplot?ticker=SPX')).body;
  const corr = widgets(page).filter({ hasText: 'Spot–vol correlation' });
  await expect(corr.getByTestId('statistics-caption')).toContainText(`r = ${fmt(scatter.rValue, 3)}`);
  expect(await colouredPixels(corr, [[122, 162, 247]])).toBeGreaterThan(20);
  const trend = widgets(page).filter({ hasText: 'aggregate trend' });
  expect(await colouredPixels(trend, [[122, 162, 247]])).toBeGreaterThan(20);

  const agg = (await data(page.request, dt, 'volland-live-api-aggregate-greeks?ticker=SPX&greek=gamma')).body;
  await expect(widgets(page).filter({ hasText: 'Gamma aggregate' }).getByTestId('widget-value')).toHaveText(dollars(agg.aggregate));
  const liq = (await data(page.request, dt, 'volland-live-api-dealer-liquidity?ticker=SPX')).body;
  await expect(widgets(page).filter({ hasText: 'Liquidity' }).getByTestId('widget-value').first()).toHaveText(dollarsExact(liq.deltaAdjustedDealerSpread));
  const qqq = (await data(page.request, dt, 'volland-live-api-summary?ticker=QQQ')).body;
  await expect(page.getByTestId('ticker-price')).toHaveText(fmt(qqq.price));
  await saveScreenshot(page, 'workspace-all-kinds');
});

test('dragging a widget by its handle saves the positions of all widgets', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Drag', [exposureWidget('a', 0, 0), exposureWidget('b', 0, 2, 'charm')]);
  await signInAs(page, 'live', `/app/workspace/${ws.id}`);
  await waitSettled(page, 2);
  const moving = widgets(page).filter({ hasText: 'Charm exposure' });
  const handle = (await moving.locator('.ws-widget-drag').boundingBox())!;
  const target = (await widgets(page).filter({ hasText: 'Gamma exposure' }).boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  // Right half of the first row.
  await page.mouse.move(target.x + target.width + 40, target.y + 20, { steps: 12 });
  await expect(page.getByText('The preview is not visible while dragging').first()).toBeVisible();
  await page.mouse.up();
  await expect
    .poll(async () => (await listWorkspaces(page.request, tokens))[0].widgets.map((w: { configuration: { greek: string }; position: unknown }) => [w.configuration.greek, w.position]))
    .toEqual([
      ['gamma', { x: 0, y: 0 }],
      ['charm', { x: 6, y: 0 }],
    ]);
  await waitSettled(page, 2);
});

test('the minimap is a desktop tool and small screens stack widgets full width', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Layouts', [exposureWidget('a', 0, 0), exposureWidget('b', 6, 0, 'charm')]);
  await signInAs(page, 'live', `/app/workspace/${ws.id}`);
  await waitSettled(page, 2);
  await page.getByLabel('Minimap').check();
  const minimap = page.getByTestId('minimap');
  await expect(minimap).toBeVisible();
  expect((await minimap.boundingBox())!.height).toBeCloseTo(256, 0);
  await expect(minimap.locator('rect')).toHaveCount(2);

  await page.setViewportSize({ width: 500, height: 900 });
  await page.reload();
  await waitSettled(page, 2);
  await expect(page.getByLabel('Minimap')).toHaveCount(0);
  const [first, second] = await widgets(page).all();
  const a = (await first.boundingBox())!;
  const b = (await second.boundingBox())!;
  expect(Math.abs(a.width - b.width)).toBeLessThan(2);
  expect(b.y).toBeGreaterThan(a.y + a.height - 1);
  expect(a.width).toBeGreaterThan(380);
  expect(a.x + a.width).toBeLessThanOrEqual(500);
  await saveScreenshot(page, 'workspace-mobile');
});
