// Replay and export, end to end against the real backend (e2e/server.sh): the workspace's replay clock
// steps a past session with its buttons and the arrow keys, historical widgets follow it, the URL carries
// the time and a reload restores it; the widget menu downloads a chart's PNG and a CSV whose numbers are the
// data route's answer.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiLogin, auth, createWorkspace, expect, resetWorkspaces, saveScreenshot, SCREENSHOT_DIR, signInAs, test, type Tokens, USERS, waitSettled, widgets } from './fixtures';

let tokens: Tokens;

test.beforeEach(async ({ page }) => {
  tokens = await apiLogin(page.request, USERS.replay.email);
  await resetWorkspaces(page.request, tokens);
  await page.setViewportSize({ width: 1440, height: 900 });
});

async function dataToken(request: APIRequestContext, t: Tokens): Promise<string> {
  const r = await request.post('/api/v1/auth/generate-data-api-token', { headers: auth(t) });
  return (await r.json()).dataApiAccessToken;
}

async function data(request: APIRequestContext, token: string, path: string, body?: unknown) {
  const headers = { Authorization: `Bearer ${token}` };
  const r = body ? await request.post(`/api/v1/data/${path}`, { headers, data: body }) : await request.get(`/api/v1/data/${path}`, { headers });
  expect(r.status(), path).toBe(200);
  return r.json();
}

/** The newest session of the demo store with at least three snapshot times the user may see. */
async function pastSession(request: APIRequestContext, token: string): Promise<{ day: string; times: string[] }> {
  const dates: string[] = (await data(request, token, 'historical/volland-live-api-dates?ticker=SPX')).available_dates;
  for (const day of [...dates].reverse()) {
    const times: string[] = (await data(request, token, `historical/volland-live-api-times?ticker=SPX&date=${day}`)).available_time;
    if (times.length >= 3) return { day, times };
  }
  throw new Error('the demo store has no session with three snapshots');
}

const at = (x: number, y: number) => ({ x, y });
const EXPOSURE = { type: 'exposure', ticker: 'SPX', greek: 'gamma', kind: 'both', expirations: { option: 'ALL' }, isCumulative: false };
const exposureWidget = (x: number, y: number, date?: string) => ({ name: null, type: 'CHART', size: 'S', position: at(x, y), configuration: { ...EXPOSURE, ...(date ? { date } : {}) } });
const tickerWidget = (x: number, y: number, date: string) => ({ name: null, type: 'TICKER', size: 'M', position: at(x, y), configuration: { ticker: 'SPX', date } });

/** 'Jan 2, 2026 10:35 ET': the freshness bar's historical detail. */
const detail = (day: string, time: string) =>
  `${new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' })} ${time} ET`;
const price = (v: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);

/** The widget shows the snapshot of `date`: its freshness detail and the spot its chart draws. */
async function showsSnapshot(widget: Locator, page: Page, token: string, day: string, time: string) {
  await expect(widget.getByTestId('freshness-detail')).toHaveText(detail(day, time));
  const answer = await data(page.request, token, 'historical/volland-live-api-data', { ...EXPOSURE, date: `${day} ${time}` });
  await expect(widget.locator('.ws-chart')).toHaveAttribute('data-spot', String(answer.currentPrice));
  await expect(widget.locator('[data-placeholder="true"]')).toHaveCount(0);
}

test('replays a past session: buttons and arrow keys step, historical widgets follow, the URL carries the time and a reload restores it', async ({ page }) => {
  const dt = await dataToken(page.request, tokens);
  const { day, times } = await pastSession(page.request, dt);
  const ws = await createWorkspace(page.request, tokens, 'Replay', [
    exposureWidget(0, 0, `${day} ${times[times.length - 1]}`),
    exposureWidget(6, 0),
    tickerWidget(0, 2, `${day} ${times[times.length - 1]}`),
  ]);
  await signInAs(page, 'replay', `/app/workspace/${ws.id}`);
  await waitSettled(page, 3);
  const hist = widgets(page).nth(0);
  const live = widgets(page).nth(1);
  const ticker = widgets(page).nth(2);

  await page.getByRole('button', { name: 'Replay a session' }).click();
  const bar = page.getByTestId('replay-bar');
  await bar.getByRole('combobox', { name: 'Replay date' }).selectOption(day);
  await expect(page).toHaveURL(new RegExp(`[?&]replay=${day}T${times[0]}$`));
  await expect(bar.getByTestId('replay-time')).toHaveText(`Replaying ${detail(day, times[0])}`);
  await expect(bar.getByTestId('replay-time')).toHaveAttribute('aria-live', 'polite');
  await expect(bar.getByTestId('replay-following')).toContainText('2 historical widgets follow');
  await showsSnapshot(hist, page, dt, day, times[0]);
  await expect(hist).toHaveAttribute('data-follows-replay', 'true');
  await expect(live).not.toHaveAttribute('data-follows-replay', 'true');
  await expect(live.getByTestId('freshness-state')).not.toHaveText('HISTORICAL');

  // A step with the button. The step after it is loaded ahead, with no key pressed (a GET's date is in its query).
  const asksFor = (time: string) => (r: { url: () => string }) =>
    decodeURIComponent(r.url().replace(/\+/g, ' ')).includes(`date=${day} ${time}`);
  const loadedAhead = page.waitForRequest(asksFor(times[2]));
  await bar.getByRole('button', { name: 'Next snapshot' }).click();
  await expect(page).toHaveURL(new RegExp(`replay=${day}T${times[1]}$`));
  await showsSnapshot(hist, page, dt, day, times[1]);
  const summary = await data(page.request, dt, `volland-live-api-summary?ticker=SPX&date=${encodeURIComponent(`${day} ${times[1]}`)}`);
  await expect(ticker.getByTestId('ticker-price')).toHaveText(price(summary.price));

  await loadedAhead;

  // Arrow keys step both ways from anywhere on the page.
  await page.locator('body').press('ArrowRight');
  await expect(page).toHaveURL(new RegExp(`replay=${day}T${times[2]}$`));
  await showsSnapshot(hist, page, dt, day, times[2]);
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(new RegExp(`replay=${day}T${times[1]}$`));
  await showsSnapshot(hist, page, dt, day, times[1]);
  await saveScreenshot(page, 'replay');

  // The link opens the same view: after a reload, and in a fresh page.
  await page.reload();
  await waitSettled(page, 3);
  await expect(page.getByTestId('replay-time')).toHaveText(`Replaying ${detail(day, times[1])}`);
  await showsSnapshot(widgets(page).nth(0), page, dt, day, times[1]);
  const shared = page.url();
  const other = await page.context().newPage();
  await other.goto(shared);
  await expect(other.getByTestId('replay-time')).toHaveText(`Replaying ${detail(day, times[1])}`);
  await other.close();

  // Leaving the replay gives the widgets their own saved time back and cleans the URL.
  await page.getByRole('button', { name: 'Exit replay' }).click();
  await expect(page).not.toHaveURL(/replay=/);
  await expect(widgets(page).nth(0).getByTestId('freshness-detail')).toHaveText(detail(day, times[times.length - 1]));
});

test("the trader's-day kinds follow the replay clock: price and levels, the session heatmap and key levels draw each step's snapshot", async ({ page }) => {
  const dt = await dataToken(page.request, tokens);
  const { day, times } = await pastSession(page.request, dt);
  const saved = `${day} ${times[times.length - 1]}`;
  const ws = await createWorkspace(page.request, tokens, 'Replay kinds', [
    { name: null, type: 'CHART', size: 'S', position: at(0, 0), configuration: { type: 'price_levels', ticker: 'SPX', greek: 'gamma', expirations: { option: 'ALL' }, previousSessions: 0, date: saved } },
    { name: null, type: 'CHART', size: 'S', position: at(6, 0), configuration: { type: 'heatmap', ticker: 'SPX', greek: 'gamma', kind: 'both', expirations: { option: 'ALL' }, date: saved } },
    { name: null, type: 'WATCHLIST', size: 'M', position: at(0, 2), configuration: { tickers: ['SPX', 'QQQ'], date: saved } },
  ]);
  await signInAs(page, 'replay', `/app/workspace/${ws.id}?replay=${day}T${times[0]}`);
  await waitSettled(page, 3);
  const [levels, heatmap, keyLevels] = [0, 1, 2].map((i) => widgets(page).nth(i));
  for (const [k, time] of [[0, times[0]], [1, times[1]]] as const) {
    if (k === 1) await page.locator('body').press('ArrowRight');
    const date = `${day} ${time}`;
    for (const w of [levels, heatmap, keyLevels]) {
      await expect(w).toHaveAttribute('data-follows-replay', 'true');
      await expect(w.getByTestId('freshness-detail')).toHaveText(detail(day, time));
      await expect(w.locator('[data-placeholder="true"]')).toHaveCount(0);
    }
    // Each draws the answer of the clock's time, as the route gives it for that date.
    const lv = await data(page.request, dt, 'volland-price-levels', { ticker: 'SPX', greek: 'gamma', expirations: { option: 'ALL' }, previousSessions: 0, date });
    await expect(levels.getByTestId('price-levels')).toHaveAttribute('data-last-price', String(lv.currentPrice));
    const hm = await data(page.request, dt, `volland-live-api-heatmap?ticker=SPX&greek=gamma&kind=both&date=${encodeURIComponent(date)}`);
    await expect(heatmap.getByTestId('session-heatmap')).toHaveAttribute('data-times', String(hm.times.length));
    const kl = await data(page.request, dt, `key-levels?tickers=SPX,QQQ&date=${encodeURIComponent(date)}`);
    await expect(keyLevels.locator('[data-testid="key-levels-row"][data-ticker="SPX"]')).toContainText(new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(kl.rows.find((r: { ticker: string }) => r.ticker === 'SPX').spot));
  }
  await saveScreenshot(page, 'replay-trader-kinds');
});

/** Pixels close to the bars' green or red in a PNG file, counted in the browser. */
async function pngStats(page: Page, file: string) {
  const b64 = readFileSync(file).toString('base64');
  return page.evaluate(async (src) => {
    const img = new Image();
    img.src = `data:image/png;base64,${src}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let bars = 0;
    const near = (i: number, [r, g, b]: number[]) => Math.abs(d[i] - r) < 14 && Math.abs(d[i + 1] - g) < 14 && Math.abs(d[i + 2] - b) < 14;
    for (let i = 0; i < d.length; i += 4) if (near(i, [43, 182, 115]) || near(i, [229, 72, 77])) bars += 1;
    return { width: img.width, height: img.height, bars };
  }, b64);
}

test('the widget menu downloads a chart as PNG and the numbers it draws as CSV, equal to the route\'s answer', async ({ page }) => {
  const dt = await dataToken(page.request, tokens);
  const { day, times } = await pastSession(page.request, dt);
  const date = `${day} ${times[1]}`;
  const ws = await createWorkspace(page.request, tokens, 'Export', [exposureWidget(0, 0, date), tickerWidget(6, 0, date)]);
  await signInAs(page, 'replay', `/app/workspace/${ws.id}`);
  await waitSettled(page, 2);
  const chart = widgets(page).nth(0);

  // CSV: each row is a strike of the route's answer, with its numbers exactly; the header names the unit.
  await chart.getByRole('button', { name: 'Widget menu' }).click();
  const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download CSV' }).click()]);
  expect(csvDownload.suggestedFilename()).toMatch(/^SPX-Gamma-exposure-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  const lines = readFileSync((await csvDownload.path())!, 'utf8').trim().split(/\r?\n/);
  const answer = await data(page.request, dt, 'historical/volland-live-api-data', { ...EXPOSURE, date });
  const unit: string = answer.unit.unit;
  expect(lines[0]).toBe(`strike (price points),call (${unit}),put (${unit}),value (${unit})`);
  const byStrike = new Map<number, { call: number; put: number; value: number }>(answer.data.map((p: { strike: number }) => [p.strike, p]));
  const rows = lines.slice(1).map((l) => l.split(',').map(Number));
  expect(rows.length).toBeGreaterThanOrEqual(8);
  for (const [strike, call, put, value] of rows) {
    const p = byStrike.get(strike);
    expect(p, `strike ${strike} is in the answer`).toBeDefined();
    expect([call, put, value]).toEqual([p!.call, p!.put, p!.value]);
  }
  // The strikes are the chart's range around spot, in order.
  expect(rows.map((r) => r[0])).toEqual([...rows.map((r) => r[0])].sort((a, b) => a - b));
  expect(Math.min(...rows.map((r) => r[0]))).toBeLessThan(answer.currentPrice);
  expect(Math.max(...rows.map((r) => r[0]))).toBeGreaterThan(answer.currentPrice);

  // A value tile's CSV: its figures as served, with the served units.
  const tile = widgets(page).nth(1);
  await tile.getByRole('button', { name: 'Widget menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Download PNG' })).toHaveCount(0);
  const [tileCsv] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download CSV' }).click()]);
  const tileLines = readFileSync((await tileCsv.path())!, 'utf8').trim().split(/\r?\n/);
  const summary = await data(page.request, dt, `volland-live-api-summary?ticker=SPX&date=${encodeURIComponent(date)}`);
  expect(tileLines[0]).toBe('figure,value,unit');
  const priceRow = tileLines.find((l) => l.startsWith('price,'))!;
  expect(Number(priceRow.split(',')[1])).toBe(summary.price);
  if (summary.units?.price) expect(priceRow).toContain(summary.units.price.unit);

  // PNG: a picture of the chart (its bars) framed by the title, time and watermark.
  await chart.getByRole('button', { name: 'Widget menu' }).click();
  const [pngDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download PNG' }).click()]);
  expect(pngDownload.suggestedFilename()).toMatch(/^SPX-Gamma-exposure-\d{4}-\d{2}-\d{2}-\d{4}\.png$/);
  const file = (await pngDownload.path())!;
  expect(readFileSync(file).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const body = (await chart.locator('.ws-widget-body').boundingBox())!;
  const stats = await pngStats(page, file);
  expect(stats.width).toBeGreaterThan(body.width);
  expect(stats.height).toBeGreaterThan(body.height + 40);
  expect(stats.bars).toBeGreaterThan(50);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  copyFileSync(file, join(SCREENSHOT_DIR, 'export-chart.png'));
});

test('a 3D surface exports its drawn frame as PNG', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Surface export', [
    { name: null, type: 'CHART', size: 'S', position: at(0, 0), configuration: { type: 'surface', ticker: 'SPX', greek: 'gamma', kind: 'both', chartName: 'GREEK_VOLATILITY' } },
  ]);
  await signInAs(page, 'replay', `/app/workspace/${ws.id}`);
  const chart = widgets(page).first();
  await expect(chart.locator('[data-testid="surface-stage"][data-ready="true"]')).toHaveCount(1, { timeout: 60_000 });
  await chart.getByRole('button', { name: 'Widget menu' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download PNG' }).click()]);
  const file = (await download.path())!;
  // The WebGL frame is in the picture: the surface's diverging colours, not only the background.
  const colours = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = `data:image/png;base64,${src}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let saturated = 0;
    for (let i = 0; i < d.length; i += 4) if (Math.max(d[i], d[i + 1], d[i + 2]) - Math.min(d[i], d[i + 1], d[i + 2]) > 60) saturated += 1;
    return saturated;
  }, readFileSync(file).toString('base64'));
  expect(colours).toBeGreaterThan(500);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  copyFileSync(file, join(SCREENSHOT_DIR, 'export-surface.png'));
});
