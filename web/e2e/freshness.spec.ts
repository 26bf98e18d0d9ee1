// One freshness rule (docs/methodology.md, "Freshness"), end to end: a Basic, a Volland 3, a Volland 30 and
// a Live subscriber open the same workspace at one clock time, and every widget shows exactly one state, the
// New York as-of time of what it draws, and its source. The expected labels are worked out here from the
// server's market clock (GET data/next-refresh), independently of the web's rule. One screenshot per tier
// goes to the test output and to test-results/screenshots/.
import type { Browser, Page, Response } from '@playwright/test';
import { apiLogin, createWorkspace, expect, resetWorkspaces, saveScreenshot, signInAs, test, type DemoUser, USERS } from './fixtures';

const SUBSCRIBERS: { user: DemoUser; tier: 'basic' | '3' | '30' | 'live' }[] = [
  { user: 'freshBasic', tier: 'basic' },
  { user: 'fresh3', tier: '3' },
  { user: 'fresh30', tier: '30' },
  { user: 'freshLive', tier: 'live' },
];

const WIDGETS = [
  { name: null, type: 'CHART', size: 'M', position: { x: 0, y: 0 }, configuration: { type: 'exposure', ticker: 'SPX', greek: 'gamma', kind: 'both', expirations: { option: 'ALL' }, isCumulative: false } },
  { name: null, type: 'TICKER', size: 'S', position: { x: 6, y: 0 }, configuration: { ticker: 'SPX' } },
];

interface Schedule {
  tier: string;
  marketTime: string;
  lastPublished: string | null;
  stalled?: boolean;
}

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

/** The state and detail a tier's widget must show at market time `m` (the replayed market is in session). */
function expected(tier: string, s: Schedule): { state: string; detail: RegExp | string | null; asOf: string | null } {
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

async function openAs(browser: Browser, user: DemoUser): Promise<{ page: Page; schedule: () => Schedule | null; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  const tokens = await apiLogin(page.request, USERS[user].email);
  await resetWorkspaces(page.request, tokens);
  const ws = await createWorkspace(page.request, tokens, 'Freshness', WIDGETS);
  let latest: Schedule | null = null;
  page.on('response', (r: Response) => {
    if (r.url().includes('/api/v1/data/next-refresh') && r.ok()) void r.json().then((b: Schedule) => (latest = b)).catch(() => undefined);
  });
  await signInAs(page, user, `/app/workspace/${ws.id}`);
  return { page, schedule: () => latest, close: () => context.close() };
}

test('Basic, Volland 3, Volland 30 and Live read one state each, with the as-of time and source, at one clock time', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  // Every subscriber's page is open before any is read: one clock time for the four.
  const opened = [];
  for (const s of SUBSCRIBERS) opened.push({ ...s, ...(await openAs(browser, s.user)) });
  try {
    for (const { page, tier, schedule } of opened) {
      const widgets = page.getByTestId('widget');
      await expect(widgets).toHaveCount(2, { timeout: 20_000 });
      const bars = page.getByTestId('freshness');
      await expect(bars).toHaveCount(2, { timeout: 30_000 });
      await expect.poll(() => schedule()?.tier ?? null, { timeout: 10_000 }).toBe(tier);
      const want = expected(tier, schedule()!);
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
      const path = testInfo.outputPath(`freshness-${tier}.png`);
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(`freshness-${tier}`, { path, contentType: 'image/png' });
      await saveScreenshot(page, `freshness-${tier}`);
    }
  } finally {
    for (const o of opened) await o.close();
  }
});

test('offline, switching expirations never draws the previous setup under the new label; back online it draws its own', async ({ browser }, testInfo) => {
  const { page, close } = await openAs(browser, 'freshLive');
  try {
    const w = page.getByTestId('widget').filter({ hasText: 'Gamma exposure' });
    await expect(w.getByTestId('freshness')).toBeVisible({ timeout: 30_000 });
    await expect(w.locator('.uplot')).toHaveCount(1);
    await page.context().setOffline(true);
    await w.getByLabel('Expirations', { exact: true }).selectOption({ label: '1DTE' });
    await expect(w.getByTestId('widget-subtitle')).toContainText('1DTE');
    // The all-expirations bars and their freshness are gone; the widget says why and what happens next.
    await expect(w.locator('.uplot')).toHaveCount(0);
    await expect(w.getByTestId('freshness')).toHaveCount(0);
    await expect(w.locator('.ws-state[data-state="offline"], .ws-state[data-state="error"]')).toBeVisible();
    const path = testInfo.outputPath('freshness-offline-switch.png');
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach('freshness-offline-switch', { path, contentType: 'image/png' });
    await saveScreenshot(page, 'freshness-offline-switch');
    await page.context().setOffline(false);
    const retry = w.getByRole('button', { name: 'Try to reload' });
    if (await retry.isVisible()) await retry.click();
    await expect(w.locator('.ws-widget-body[data-ready="true"], .ws-state[data-state="empty"]')).toBeVisible({ timeout: 30_000 });
    await expect(w.getByTestId('widget-subtitle')).toContainText('1DTE');
  } finally {
    await close();
  }
});

test("the new-widget preview's axis title and unit follow the chosen greek", async ({ browser }, testInfo) => {
  const { page, close } = await openAs(browser, 'freshLive');
  try {
    await expect(page.getByTestId('widget')).toHaveCount(2, { timeout: 20_000 });
    await page.getByRole('button', { name: '+ Add widget' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Widget' });
    await dialog.getByRole('button', { name: 'Exposure', exact: true }).click();
    const preview = dialog.getByTestId('widget-preview');
    // The value axis title is drawn on the chart's canvas: read it from the chart (as charts.spec.ts reads scales).
    const axisTitle = () =>
      preview.locator('.uplot-host').evaluate((el) => (el as HTMLElement & { __uplot: { axes: { label?: string }[] } }).__uplot.axes[1].label ?? '').catch(() => '');
    await dialog.getByRole('combobox', { name: 'Greek' }).selectOption('charm');
    await expect(preview.locator('[data-ready="true"]')).toBeVisible({ timeout: 30_000 });
    await expect.poll(axisTitle, { timeout: 15_000 }).toMatch(/^Charm, \$/);
    const charmUnit = (await axisTitle()).replace(/^Charm, /, '');
    await dialog.getByRole('combobox', { name: 'Greek' }).selectOption('vega');
    await expect(preview.locator('[data-ready="true"]')).toBeVisible({ timeout: 30_000 });
    await expect.poll(axisTitle, { timeout: 15_000 }).toMatch(/^Vega, \$/);
    expect(await axisTitle()).not.toContain(charmUnit);
    const path = testInfo.outputPath('freshness-preview-unit.png');
    await page.screenshot({ path });
    await testInfo.attach('freshness-preview-unit', { path, contentType: 'image/png' });
    await saveScreenshot(page, 'freshness-preview-unit');
  } finally {
    await close();
  }
});
