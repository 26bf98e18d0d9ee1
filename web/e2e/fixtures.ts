// Shared helpers for the browser tests (used by every spec; the backend is started by e2e/server.sh).
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContextOptions, type Locator, type Page, type Response } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PASSWORD, USERS, type DemoUser } from './users';

export { expect };
export { PASSWORD, USERS };
export type { DemoUser };

const here = dirname(fileURLToPath(import.meta.url));
export const SCREENSHOT_DIR = join(here, '..', 'test-results', 'screenshots');

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

/** Logs in through the real API. */
export async function apiLogin(request: APIRequestContext, email: string, password = PASSWORD): Promise<Tokens> {
  const response = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(response.status(), `login of ${email}`).toBe(200);
  return (await response.json()) as Tokens;
}

/** The bearer header of a user's access token. */
export const auth = (t: Tokens) => ({ Authorization: `Bearer ${t.accessToken}` });

/** Deletes every workspace of the user (each spec starts from none). */
export async function resetWorkspaces(request: APIRequestContext, t: Tokens) {
  const list = await (await request.get('/api/v1/workspaces', { headers: auth(t) })).json();
  for (const w of list) await request.delete(`/api/v1/workspaces/${w.id}`, { headers: auth(t) });
}

/** Creates a workspace through the API and returns it. */
export async function createWorkspace(request: APIRequestContext, t: Tokens, name: string, widgets: unknown[] = [], state = 'ACTIVE') {
  const r = await request.post('/api/v1/workspaces', { headers: auth(t), data: { name, state, widgets } });
  expect(r.status()).toBe(201);
  return r.json();
}

/** Stores a session's tokens in the browser (as a sign-in does), then opens `path`. */
export async function useTokens(page: Page, tokens: Tokens, path: string): Promise<void> {
  await page.goto('/not-found');
  await page.evaluate((t) => {
    localStorage.setItem('accessToken', t.accessToken);
    localStorage.setItem('refreshToken', t.refreshToken);
    localStorage.removeItem('apiToken');
  }, tokens);
  await page.goto(path);
}

/** Signs a demo user in by storing real tokens, then opens `path`. */
export async function signInAs(page: Page, user: DemoUser, path = '/app/user-settings'): Promise<Tokens> {
  const tokens = await apiLogin(page.request, USERS[user].email);
  await useTokens(page, tokens, path);
  return tokens;
}

/** A unique e-mail per call, so sign-up tests can run repeatedly against one database. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.volland.test`;
}

/** Saves a full-page screenshot under test-results/screenshots/ (kept as a CI artifact). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

export const test = base;

/** The widgets of the workspace on screen. */
export const widgets = (page: Page) => page.getByTestId('widget');

/** Waits until the workspace shows `count` widgets, none loading and none failed. */
export async function waitSettled(page: Page, count: number) {
  await expect(widgets(page)).toHaveCount(count, { timeout: 20_000 });
  await expect(page.locator('[data-testid="widget"] [data-state="loading"]')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('[data-testid="widget"] [data-state="error"]')).toHaveCount(0);
}

// ---- Profiles and input: the same checks run with a mouse on a desktop and with touch on a phone ----

/** The emulated phone of the issue-25 checks: 390×844 CSS px, touch, device scale 3. */
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** The desktop window of the freshness checks. */
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1366, height: 860 } };

/** Presses a control the way the profile's user does: a click with a mouse, a tap on a touch screen. */
export type Press = (target: Locator) => Promise<void>;
export const click: Press = (target) => target.click();
export const tap: Press = (target) => target.tap();

/** Saves the window as it is shown (a full-page capture resizes the window, and a workspace grid with it). */
export async function saveWindowShot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

/** A box that lies wholly inside the window's width. */
export function expectInsideWidth(box: { x: number; width: number } | null, width: number): void {
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

// ---- Freshness (docs/methodology.md, "Freshness") ----

export type Tier = 'basic' | '3' | '30' | 'live';

/** GET data/next-refresh as the page received it. */
export interface Schedule {
  tier: string;
  marketTime: string;
  lastPublished: string | null;
  nextRefresh: string | null;
  serverTime: string;
  stalled?: boolean;
}

/** A chart and a Ticker Summary of SPX: the workspace each tier opens. */
export const FRESHNESS_WIDGETS = [
  { name: null, type: 'CHART', size: 'M', position: { x: 0, y: 0 }, configuration: { type: 'exposure', ticker: 'SPX', greek: 'gamma', kind: 'both', expirations: { option: 'ALL' }, isCumulative: false } },
  { name: null, type: 'TICKER', size: 'S', position: { x: 6, y: 0 }, configuration: { ticker: 'SPX' } },
];

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (sec: number) => `${pad(Math.floor(sec / 3600))}:${pad(Math.floor((sec % 3600) / 60))}`;

/** Seconds since New York midnight, and the 'Jan 9' date, of an instant. */
function newYork(iso: string): { sec: number; day: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hourCycle: 'h23', hour: 'numeric', minute: 'numeric', second: 'numeric', month: 'short', day: 'numeric' })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return { sec: Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second), day: `${parts.month} ${parts.day}` };
}

const OFFSET = 30; // the server's default refresh offset (VOLLAND_LIVE_REFRESH_OFFSET_SECONDS)
const OPEN = 9 * 3600 + 30 * 60;

/**
 * The state and detail a tier's widget must show at the server's market time (the replayed market is in
 * session), worked out here independently of the web's rule.
 */
export function expectedFreshness(tier: string, s: Schedule): { state: string; detail: RegExp | string | null; asOf: string | null } {
  const m = newYork(s.marketTime).sec;
  const last = s.lastPublished ? newYork(s.lastPublished) : null;
  const asOfLast = last ? `as of ${last.day}, ${hhmm(last.sec)} ET` : null;
  // A stalled refresh (the browser-test server runs no scheduler): a widget whose tier's slot was never
  // published draws the newest snapshot it may see and says so; nothing reads LIVE then.
  const stalledAt = (slot: number, plan: string, next: number) =>
    s.stalled && last && last.sec < slot
      ? { state: 'DELAYED', detail: `${plan} · ${hhmm(last.sec)} slot (refresh stalled), next ${hhmm(next)}`, asOf: asOfLast }
      : null;
  if (tier === 'live') {
    const slot = Math.floor((m - OFFSET) / 300) * 300;
    return stalledAt(slot, 'Volland Live', slot + 300) ?? { state: 'LIVE', detail: null, asOf: asOfLast };
  }
  if (tier === 'basic') return { state: 'PREVIOUS CLOSE', detail: /^[A-Z][a-z]{2} \d{1,2}, \d{4} close, next 19:00$/, asOf: null };
  if (tier === '30') {
    if (m < OPEN + OFFSET) return { state: 'PREVIOUS CLOSE', detail: /close, next 09:30$/, asOf: null };
    const slot = Math.floor((m - OFFSET) / 1800) * 1800;
    return stalledAt(slot, 'Volland 30', slot + 1800) ?? { state: 'DELAYED', detail: `Volland 30 · ${hhmm(slot)} slot, next ${hhmm(slot + 1800)}`, asOf: null };
  }
  if (m < 11 * 3600 + 30 * 60 + OFFSET) return { state: 'PREVIOUS CLOSE', detail: /close, next 11:30$/, asOf: null };
  if (m < 14 * 3600 + OFFSET) return stalledAt(11 * 3600 + 1800, 'Volland 3', 14 * 3600) ?? { state: 'DELAYED', detail: 'Volland 3 · 11:30 slot, next 14:00', asOf: null };
  return stalledAt(14 * 3600, 'Volland 3', 19 * 3600) ?? { state: 'DELAYED', detail: 'Volland 3 · 14:00 slot, next 19:00', asOf: null };
}

/** A workspace page in a browser context of its own, with the last refresh schedule the page received. */
export interface OpenedWorkspace {
  page: Page;
  tokens: Tokens;
  schedule: () => Schedule | null;
  close: () => Promise<void>;
}

/**
 * Opens, in a new browser context with `options` (DESKTOP, PHONE), a fresh workspace of `list` as `user`
 * (the user's other workspaces are deleted first). `before` runs on the page before the app loads.
 */
export async function openWorkspaceAs(
  browser: Browser,
  user: DemoUser,
  options: BrowserContextOptions,
  { name = 'Freshness', list = FRESHNESS_WIDGETS as unknown[], before }: { name?: string; list?: unknown[]; before?: (page: Page) => Promise<void> } = {},
): Promise<OpenedWorkspace> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const tokens = await apiLogin(page.request, USERS[user].email);
  await resetWorkspaces(page.request, tokens);
  const ws = await createWorkspace(page.request, tokens, name, list);
  let latest: Schedule | null = null;
  page.on('response', (r: Response) => {
    if (r.url().includes('/api/v1/data/next-refresh') && r.ok()) void r.json().then((b: Schedule) => (latest = b)).catch(() => undefined);
  });
  if (before) await before(page);
  await useTokens(page, tokens, `/app/workspace/${ws.id}`);
  return { page, tokens, schedule: () => latest, close: () => context.close() };
}

/** Every freshness bar on the page shows exactly the one state of the tier's rule, the as-of time and the source. */
export async function expectFreshnessOfTier(page: Page, tier: Tier, schedule: () => Schedule | null): Promise<void> {
  await expect(widgets(page)).toHaveCount(FRESHNESS_WIDGETS.length, { timeout: 20_000 });
  const bars = page.getByTestId('freshness');
  await expect(bars).toHaveCount(FRESHNESS_WIDGETS.length, { timeout: 30_000 });
  await expect.poll(() => schedule()?.tier ?? null, { timeout: 10_000 }).toBe(tier);
  const want = expectedFreshness(tier, schedule()!);
  for (const bar of await bars.all()) {
    // Exactly one state, and never LIVE on a delayed tier.
    await expect(bar.getByTestId('freshness-state')).toHaveCount(1);
    await expect(bar.getByTestId('freshness-state')).toHaveText(want.state);
    if (tier !== 'live') await expect(bar).not.toContainText('LIVE');
    if (want.detail) await expect(bar.getByTestId('freshness-detail')).toHaveText(want.detail);
    else await expect(bar.getByTestId('freshness-detail')).toHaveCount(0);
    // The New York as-of time of the snapshot drawn, and the source with its delay.
    await expect(bar.getByTestId('freshness-asof')).toHaveText(want.asOf ?? /^as of [A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2} ET$/);
    await expect(bar.getByTestId('freshness-source')).toHaveText(/ · (no delay|\d+ min delay|as of file time)$/);
  }
  // The Ticker Summary shows its time like the chart; no subtitle claims "Live".
  await expect(page.locator('[data-kind="ticker"]').getByTestId('freshness-asof')).toBeVisible();
  for (const sub of await page.getByTestId('widget-subtitle').all()) await expect(sub).not.toContainText('Live');
}

/**
 * Opens the freshness workspace for every subscriber before reading any (one clock time for all), then
 * checks each tier's bars and hands its page to `shot`.
 */
export async function readFreshnessAtOneTime(
  browser: Browser,
  subscribers: { user: DemoUser; tier: Tier }[],
  options: BrowserContextOptions,
  shot: (page: Page, tier: Tier) => Promise<void>,
): Promise<void> {
  const opened: (OpenedWorkspace & { tier: Tier })[] = [];
  try {
    for (const s of subscribers) opened.push({ ...(await openWorkspaceAs(browser, s.user, options)), tier: s.tier });
    for (const { page, tier, schedule } of opened) {
      await expectFreshnessOfTier(page, tier, schedule);
      await shot(page, tier);
    }
  } finally {
    for (const o of opened) await o.close();
  }
}

/**
 * Offline, switching the chart `w` to 1DTE from its header never draws the previous setup's bars under the
 * new label: the widget shows the new setup's own state (`shot` captures it); back online it draws its own.
 */
export async function expectOfflineNewSetup(page: Page, w: Locator, press: Press, shot: () => Promise<void>): Promise<void> {
  await expect(w.getByTestId('freshness')).toBeVisible({ timeout: 30_000 });
  await expect(w.locator('.uplot')).toHaveCount(1);
  await page.context().setOffline(true);
  await w.getByLabel('Expirations', { exact: true }).selectOption({ label: '1DTE' });
  await expect(w.getByTestId('widget-subtitle')).toContainText('1DTE');
  // The all-expirations bars and their freshness are gone; the widget says why and what happens next.
  await expect(w.locator('.uplot')).toHaveCount(0);
  await expect(w.getByTestId('freshness')).toHaveCount(0);
  await expect(w.locator('.ws-state[data-state="offline"], .ws-state[data-state="error"]')).toBeVisible();
  await shot();
  await page.context().setOffline(false);
  const retry = w.getByRole('button', { name: 'Try to reload' });
  if (await retry.isVisible()) await press(retry);
  await expect(w.locator('.ws-widget-body[data-ready="true"], .ws-state[data-state="empty"]')).toBeVisible({ timeout: 30_000 });
  await expect(w.getByTestId('widget-subtitle')).toContainText('1DTE');
}

/** In the new-widget dialog, the Exposure preview's value axis title and unit follow the chosen greek. */
export async function expectPreviewUnitFollowsGreek(page: Page, press: Press, shot: () => Promise<void>): Promise<void> {
  await press(page.getByRole('button', { name: '+ Add widget' }));
  const dialog = page.getByRole('dialog', { name: 'New Widget' });
  await press(dialog.getByRole('button', { name: 'Exposure', exact: true }));
  const preview = dialog.getByTestId('widget-preview');
  // The value axis title is drawn on the chart's canvas: read it from the chart (as charts.spec.ts reads scales).
  const axisTitle = () =>
    preview.locator('.uplot-host').evaluate((el) => (el as HTMLElement & { __uplot: { axes: { label?: string }[] } }).__uplot.axes[1].label ?? '').catch(() => '');
  const greek = dialog.getByRole('combobox', { name: 'Greek' });
  await greek.selectOption('charm');
  await expect(preview.locator('[data-ready="true"]')).toBeVisible({ timeout: 30_000 });
  await expect.poll(axisTitle, { timeout: 15_000 }).toMatch(/^Charm, \$/);
  const charmUnit = (await axisTitle()).replace(/^Charm, /, '');
  await greek.selectOption('vega');
  await expect(preview.locator('[data-ready="true"]')).toBeVisible({ timeout: 30_000 });
  await expect.poll(axisTitle, { timeout: 15_000 }).toMatch(/^Vega, \$/);
  expect(await axisTitle()).not.toContain(charmUnit);
  await shot();
}

// ---- Explained in place: the 0DTE panel ----

/** The 0DTE panel's answer, read through the data API as the panel reads it. */
export interface ZeroDte {
  paradigm: string | null;
  currentPrice: number;
  target: number | null;
  lis: number | [number, number] | null;
}

export async function fetchZeroDte(request: APIRequestContext, t: Tokens): Promise<ZeroDte> {
  const token = (await (await request.post('/api/v1/auth/generate-data-api-token', { headers: auth(t) })).json()).dataApiAccessToken;
  const r = await request.get('/api/v1/data/zero_dte/volland-live-api-zero-dte?ticker=SPX', { headers: { Authorization: `Bearer ${token}` } });
  expect(r.status()).toBe(200);
  return (await r.json()) as ZeroDte;
}

/** The paradigm tooltip explains each part of the paradigm's name. */
export async function expectParadigmTip(tip: Locator, paradigm: string | null): Promise<void> {
  await expect(tip).toBeVisible();
  const [base, suffix] = (paradigm || '').split('-');
  if (base) await expect(tip).toContainText(base === 'Undefined' ? 'Undefined' : `${base}:`);
  if (suffix) await expect(tip).toContainText(`${suffix}:`);
}

const signed = (v: number) => `${v > 0 ? '+' : v < 0 ? '-' : ''}${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(Math.abs(v))}`;
const pct = (v: number) => `${v > 0 ? '+' : v < 0 ? '-' : ''}${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(v))}%`;
const distance = (level: number, spot: number) => `${signed(level - spot)} pts (${pct((100 * (level - spot)) / spot)})`;

/** Target and LIS each show their distance from spot in points and per cent, or the server's reason. */
export async function expectZeroDteDistances(panel: Locator, z: ZeroDte): Promise<void> {
  const spot = z.currentPrice;
  expect(spot).toBeGreaterThan(0);
  if (z.target === null) await expect(panel.getByTestId('zerodte-target-note')).not.toHaveText('');
  else await expect(panel.getByTestId('zerodte-target-note')).toHaveText(distance(z.target, spot));
  if (z.lis === null) await expect(panel.getByTestId('zerodte-lis-note')).not.toHaveText('');
  else if (Array.isArray(z.lis)) await expect(panel.getByTestId('zerodte-lis-note')).toHaveText(`${distance(z.lis[0], spot)} · ${distance(z.lis[1], spot)}`);
  else await expect(panel.getByTestId('zerodte-lis-note')).toHaveText(distance(z.lis, spot));
  await expect(panel.getByTestId('zerodte-asof')).toContainText(/^As of \w{3} \d{1,2}, \d{4} \d{2}:\d{2} New York/);
}

// ---- Surfaces ----

/** Waits until every surface has drawn its first frame. */
export async function surfacesReady(page: Page, count: number): Promise<void> {
  await expect(page.locator('[data-testid="surface-stage"][data-ready="true"]')).toHaveCount(count, { timeout: 60_000 });
}

/** Every surface's stage and canvas fill the widget body, and its axes span most of the stage. */
export async function expectSurfacesFillTiles(page: Page): Promise<void> {
  for (const w of await widgets(page).all()) {
    await w.scrollIntoViewIfNeeded();
    const stage = w.getByTestId('surface-stage');
    const body = w.locator('.ws-widget-body').first();
    const [s, b] = [await stage.boundingBox(), await body.boundingBox()];
    expect(s && b).toBeTruthy();
    expect(s!.width, 'stage width against the body').toBeGreaterThan(b!.width * 0.9);
    expect(s!.height, 'stage height against the body').toBeGreaterThan(b!.height * 0.8);
    const canvas = await stage.locator('canvas').first().boundingBox();
    expect(canvas!.width).toBeGreaterThan(s!.width * 0.9);
    expect(canvas!.height).toBeGreaterThan(s!.height * 0.9);
    // The picture itself (its axes and their labels) spans most of the stage, not a band across it. The 3D
    // box keeps its shape, so in a tile taller than wide (a phone's 300 px rows) the width bounds it.
    const ys: number[] = [];
    for (const l of await w.getByTestId('surface-axes').locator('text').all()) {
      const lb = (await l.boundingBox())!;
      ys.push(lb.y, lb.y + lb.height);
      expect(lb.x, 'label inside the stage').toBeGreaterThanOrEqual(s!.x - 1);
      expect(lb.x + lb.width, 'label inside the stage').toBeLessThanOrEqual(s!.x + s!.width + 1);
    }
    expect(Math.max(...ys) - Math.min(...ys), 'vertical span of the axes').toBeGreaterThan(Math.min(s!.height, s!.width) * 0.45);
  }
}

// ---- Billing through the embedded provider (local checkout and portal pages) ----

/** Signs a new user up through the API. */
export async function signUp(request: APIRequestContext, prefix: string, referral?: string): Promise<Tokens> {
  const r = await request.post('/api/v1/auth/signup', {
    data: { firstName: 'Bea', email: uniqueEmail(prefix), password: PASSWORD, referral: referral ?? null },
  });
  expect(r.status()).toBe(201);
  return (await r.json()) as Tokens;
}

/** Buys a plan through the API and the local checkout form (no browser page needed). */
export async function buyPlan(request: APIRequestContext, tokens: Tokens, priceId: string, productType?: string): Promise<void> {
  const r = await request.get(`/api/v1/stripe/checkout-session/${priceId}`, {
    headers: auth(tokens),
    params: productType ? { productType } : undefined,
  });
  expect(r.status()).toBe(200);
  const { url } = (await r.json()) as { url: string };
  const paid = await request.post(`${new URL(url).pathname}/pay`, { maxRedirects: 0 });
  expect(paid.status()).toBe(303);
}

/** Opens the billing portal from the profile menu of the user `Bea` (signUp's name). */
export async function openPortal(page: Page, press: Press): Promise<void> {
  await press(page.getByRole('button', { name: /Bea/ }));
  await press(page.getByRole('menuitem', { name: 'Manage Subscription' }));
}

/** In the portal, Basic becomes Live at once, and the page says what changed and when it applies. */
export async function portalChangeToLive(page: Page, press: Press, shotPrefix: string): Promise<void> {
  await expect(page.getByTestId('portal-plan')).toHaveText('Volland Basic');
  await press(page.getByTestId('portal-change-price_volland_live_month'));
  await expect(page.getByTestId('portal-plan')).toHaveText('Volland Live');
  await expect(page.getByTestId('portal-notice')).toContainText('Your plan is now Volland Live. The change applies now');
  await expect(page.getByTestId('portal-notice')).toContainText('is invoiced on invoice LOCAL-');
  await saveScreenshot(page, `${shotPrefix}billing-plan-changed`);
}

/**
 * In the portal, Cancel plan asks first (what ends, and when) and Keep plan changes nothing; confirmed, the
 * plan stays until its period ends and Resume is offered; resuming withdraws the cancellation.
 */
export async function portalCancelAndResume(page: Page, tokens: Tokens, press: Press, shotPrefix: string): Promise<void> {
  await press(page.getByTestId('portal-end'));
  await expect(page.getByRole('heading', { name: 'Cancel Volland Live?' })).toBeVisible();
  await expect(page.getByTestId('portal-confirm-text')).toContainText('the end of the current period');
  await saveScreenshot(page, `${shotPrefix}billing-cancel-confirmation`);
  await press(page.getByTestId('portal-keep'));
  await expect(page.getByTestId('portal-notice')).toHaveText('Nothing changed: your plan goes on as before.');
  await expect(page.getByTestId('portal-resume')).toHaveCount(0);

  await press(page.getByTestId('portal-end'));
  await press(page.getByTestId('portal-confirm-cancel'));
  await expect(page.getByTestId('portal-notice')).toContainText('Cancellation confirmed: Volland Live ends on');
  await expect(page.getByTestId('portal-ends')).toContainText('at the end of the current period');
  await expect(page.getByTestId('portal-end')).toHaveCount(0);
  await expect(page.getByTestId('portal-resume')).toBeVisible();
  await saveScreenshot(page, `${shotPrefix}billing-cancelled-resume-offered`);
  const tier = async () => ((await (await page.request.get('/api/v1/users', { headers: auth(tokens) })).json()) as { tier: string }).tier;
  expect(await tier()).toBe('live');
  await press(page.getByTestId('portal-resume'));
  await expect(page.getByTestId('portal-notice')).toHaveText('The cancellation is withdrawn: Volland Live goes on as before.');
  await expect(page.getByTestId('portal-resume')).toHaveCount(0);
  await expect(page.getByTestId('portal-end')).toBeVisible();
  expect(await tier()).toBe('live');
}

/** On the API pricing page, a Live user buys 1,000 requests; the page the checkout returns to says what changed. */
export async function buyApiPack(page: Page, press: Press, shotPrefix: string): Promise<void> {
  await press(page.getByRole('button', { name: 'Buy 1,000 Requests' }));
  await expect(page.getByTestId('checkout-plan')).toHaveText('Volland API 1,000');
  await press(page.getByTestId('checkout-pay'));
  await expect(page).toHaveURL(/\/checkout\/success/);
  await expect(page.getByTestId('checkout-credits')).toHaveText('1,000 API requests added. New balance: 1,000 requests.');
  await saveScreenshot(page, `${shotPrefix}billing-api-credits-added`);
}

/** Pixels of a widget's chart canvas close to one of the given colours (the bars, candles, points). */
export async function colouredPixels(widget: Locator, colours: [number, number, number][]): Promise<number> {
  const canvas = widget.locator('canvas').first();
  await expect(canvas).toBeVisible();
  return canvas.evaluate((el, cs) => {
    const c = el as HTMLCanvasElement;
    const img = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < img.length; i += 4) {
      if (img[i + 3] < 200) continue;
      if (cs.some(([r, g, b]) => Math.abs(img[i] - r) < 12 && Math.abs(img[i + 1] - g) < 12 && Math.abs(img[i + 2] - b) < 12)) n += 1;
    }
    return n;
  }, colours);
}
