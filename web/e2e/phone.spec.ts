// Issue 25 ("Honest about time, explained in place") on an emulated phone: 390×844 CSS px, touch, device
// scale 3. The same checks as the desktop specs (shared through fixtures.ts), with taps where a phone user
// taps: freshness per tier at one clock time, the paradigm tooltip and the target/LIS distances, the
// widget ⋮ menu by keyboard and by tap, the failed refresh and the offline new setup, the preview's unit,
// the surfaces filling their tiles, and the billing confirmations. Each point saves
// test-results/screenshots/phone-<point>.png. Phone layout points already checked on this profile
// elsewhere: titles and the tap readout, the expirations picker (defects.spec.ts), the API documentation
// (public.spec.ts).
import type { Locator, Page } from '@playwright/test';
import {
  buyApiPack,
  buyPlan,
  expect,
  expectInsideWidth,
  expectOfflineNewSetup,
  expectParadigmTip,
  expectPreviewUnitFollowsGreek,
  expectSurfacesFillTiles,
  expectZeroDteDistances,
  fetchZeroDte,
  FRESHNESS_WIDGETS,
  openPortal,
  openWorkspaceAs,
  PHONE,
  portalCancelAndResume,
  portalChangeToLive,
  readFreshnessAtOneTime,
  saveWindowShot,
  signUp,
  surfacesReady,
  tap,
  test,
  type DemoUser,
  type Tier,
  useTokens,
  waitSettled,
  widgets,
} from './fixtures';

test.use(PHONE);

const WIDTH = 390;

const SUBSCRIBERS: { user: DemoUser; tier: Tier }[] = [
  { user: 'phoneBasic', tier: 'basic' },
  { user: 'phone3', tier: '3' },
  { user: 'phone30', tier: '30' },
  { user: 'phoneLive', tier: 'live' },
];

const chart = (configuration: Record<string, unknown>) => ({ name: null, type: 'CHART', size: 'S', position: { x: 0, y: 0 }, configuration });

/** The window as the phone shows it, with `focus` scrolled into view: test-results/screenshots/phone-<point>.png. */
async function shot(page: Page, point: string, focus?: Locator) {
  if (focus) await focus.scrollIntoViewIfNeeded();
  await saveWindowShot(page, `phone-${point}`);
}

/** The page does not scroll sideways: everything fits the phone's width. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
}

/**
 * Keeps the widest the window gets once the page has loaded: a phone browser zooms out (innerWidth grows)
 * while content is wider than the screen, and everything measured meanwhile takes the zoomed-out size.
 */
async function watchZoom(page: Page) {
  await page.addInitScript(() => {
    const w = window as Window & { widest?: number };
    addEventListener('DOMContentLoaded', () => {
      w.widest = innerWidth;
      setInterval(() => (w.widest = Math.max(w.widest ?? 0, innerWidth)), 10);
    });
  });
}
const widest = (page: Page) => page.evaluate(() => (window as Window & { widest?: number }).widest ?? 0);

/** An element shows its whole text: nothing cut by its box. */
async function expectUncut(target: Locator) {
  const cut = await target.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
  expect(cut, `${await target.textContent()} is cut`).toBe(false);
}

test('freshness: Basic, Volland 3, Volland 30 and Live each read one state with its as-of time and source, at one clock time', async ({ browser }) => {
  test.setTimeout(120_000);
  await readFreshnessAtOneTime(browser, SUBSCRIBERS, PHONE, async (page, tier) => {
    await expect(page.getByTestId('workspace-page')).toHaveAttribute('data-screen', 'mobile');
    // On the phone the state and the as-of time are whole and inside the screen.
    for (const bar of await page.getByTestId('freshness').all()) {
      await bar.scrollIntoViewIfNeeded();
      expectInsideWidth(await bar.boundingBox(), WIDTH);
      for (const id of ['freshness-state', 'freshness-asof']) {
        await expect(bar.getByTestId(id)).toBeInViewport();
        await expectUncut(bar.getByTestId(id));
      }
    }
    await shot(page, `freshness-${tier}`, page.getByTestId('freshness').first());
  });
});

test('a tap shows the paradigm tooltip, and target and LIS read their distance from spot in points and per cent', async ({ browser }) => {
  const list = [{ name: null, type: 'ZERODTE', size: 'M', position: { x: 0, y: 0 }, configuration: { ticker: 'SPX' } }];
  const { page, tokens, close } = await openWorkspaceAs(browser, 'phoneLive', PHONE, { name: 'Phone 0DTE', list });
  try {
    const z = await fetchZeroDte(page.request, tokens);
    const panel = widgets(page).filter({ has: page.getByTestId('zerodte-paradigm') });
    await expect(panel.getByTestId('zerodte-paradigm')).toHaveText(z.paradigm || 'None', { timeout: 30_000 });
    const name = panel.getByTestId('zerodte-paradigm').getByRole('button');
    await name.tap();
    const tip = page.getByRole('tooltip');
    await expectParadigmTip(tip, z.paradigm);
    expectInsideWidth(await tip.boundingBox(), WIDTH);
    await shot(page, 'paradigm-tooltip');
    // A tap elsewhere puts it away.
    await panel.locator('.ws-widget-title').tap();
    await expect(tip).toBeHidden();

    await expectZeroDteDistances(panel, z);
    for (const id of ['zerodte-target-note', 'zerodte-lis-note']) {
      const note = panel.getByTestId(id);
      await note.scrollIntoViewIfNeeded();
      expectInsideWidth(await note.boundingBox(), WIDTH);
      await expectUncut(note);
    }
    await shot(page, 'distances', panel.getByTestId('zerodte-lis-note'));
  } finally {
    await close();
  }
});

test('the widget ⋮ menu works from a keyboard and by tap, and Escape closes it', async ({ browser }) => {
  const { page, close } = await openWorkspaceAs(browser, 'phoneLive', PHONE, { name: 'Phone menu', list: FRESHNESS_WIDGETS.slice(0, 1) });
  try {
    await waitSettled(page, 1);
    const w = widgets(page).first();
    const dots = w.getByRole('button', { name: 'Widget menu' });
    const menu = w.getByRole('menu');

    // A keyboard paired with the phone: the menu button pattern.
    await dots.focus();
    await expect(dots).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(dots).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Duplicate' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: 'Remove' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
    expectInsideWidth(await menu.boundingBox(), WIDTH);
    await shot(page, 'widget-menu-keyboard');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(dots).toBeFocused();

    // By tap: it opens inside the screen with items large enough for a finger; Escape closes it.
    await dots.tap();
    await expect(menu).toBeVisible();
    expectInsideWidth(await menu.boundingBox(), WIDTH);
    for (const item of await menu.getByRole('menuitem').all()) expect((await item.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    await shot(page, 'widget-menu-tap');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(dots).toHaveAttribute('aria-expanded', 'false');

    // A tap outside closes it too, and a tap on an item runs it.
    await dots.tap();
    await expect(menu).toBeVisible();
    await w.locator('.ws-widget-title').tap();
    await expect(menu).toHaveCount(0);
    await dots.tap();
    await menu.getByRole('menuitem', { name: 'Duplicate' }).tap();
    await expect(widgets(page)).toHaveCount(2);
  } finally {
    await close();
  }
});

test('a failed refresh keeps the old picture under its own label, marked "Could not refresh"; offline, a new setup shows its own state', async ({ browser }) => {
  // The page's clock is installed so the wait for the next refresh can be skipped.
  const { page, schedule, close } = await openWorkspaceAs(browser, 'phoneLive', PHONE, { name: 'Phone refresh', before: (p) => p.clock.install() });
  try {
    await waitSettled(page, FRESHNESS_WIDGETS.length);
    const w = widgets(page).filter({ hasText: 'Gamma exposure' });
    const subtitle = await w.getByTestId('widget-subtitle').textContent();
    const asOf = await w.getByTestId('freshness-asof').textContent();
    await expect.poll(() => schedule()).not.toBeNull();

    // The next refresh is due and the server fails it.
    const message = 'The data service is unavailable; try again in a minute.';
    const failing = /\/api\/v1\/data\/(volland-exposure|volland-live-api-summary)/;
    await page.route(failing, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'unavailable', status: 503, message, errors: {} }) }));
    const failed = page.waitForResponse((r) => failing.test(r.url()) && r.status() === 503);
    const s = schedule()!;
    expect(s.nextRefresh).not.toBeNull();
    await page.clock.fastForward(Math.max(0, Date.parse(s.nextRefresh!) - Date.parse(s.serverTime)) + 2_000);
    await failed;

    const mark = w.getByTestId('refresh-failed');
    await expect(mark).toContainText('Could not refresh');
    await expect(mark).toContainText(message);
    // The previous picture stays, under its own label and as-of time.
    await expect(w.locator('.ws-widget-body[data-ready="true"] .uplot')).toHaveCount(1);
    await expect(w.getByTestId('widget-subtitle')).toHaveText(subtitle!);
    await expect(w.getByTestId('freshness-asof')).toHaveText(asOf!);
    await mark.scrollIntoViewIfNeeded();
    expectInsideWidth(await mark.boundingBox(), WIDTH);
    await shot(page, 'refresh-failed', mark);

    // The server answers again: a tap on Try to reload clears the mark.
    await page.unroute(failing);
    await mark.getByRole('button', { name: 'Try to reload' }).tap();
    await expect(mark).toHaveCount(0);
    await expect(w.getByTestId('freshness')).toBeVisible();

    await expectOfflineNewSetup(page, w, tap, () => shot(page, 'offline-new-setup', w));
  } finally {
    await close();
  }
});

test("the new-widget preview's axis title and unit follow the chosen greek", async ({ browser }) => {
  const { page, close } = await openWorkspaceAs(browser, 'phoneLive', PHONE, { name: 'Phone preview', list: [] });
  try {
    await expect(page.getByTestId('workspace-page')).toHaveAttribute('data-screen', 'mobile');
    await expectPreviewUnitFollowsGreek(page, tap, async () => {
      const dialog = page.getByRole('dialog', { name: 'New Widget' });
      expectInsideWidth(await dialog.boundingBox(), WIDTH);
      await shot(page, 'preview-unit', dialog.getByTestId('widget-preview'));
    });
  } finally {
    await close();
  }
});

test('surfaces fill their tiles on the phone, and the workspace never lays out wider than the screen', async ({ browser }) => {
  const list = [
    chart({ type: 'surface', ticker: 'SPX', greek: 'gamma', kind: 'both', chartName: 'IV_VOLATILITY' }),
    { ...chart({ type: 'surface', ticker: 'SPX', greek: 'charm', kind: 'both', chartName: 'GREEK_VOLATILITY' }), position: { x: 6, y: 0 } },
  ];
  const { page, close } = await openWorkspaceAs(browser, 'phoneLive', PHONE, { name: 'Phone surfaces', list, before: watchZoom });
  try {
    await expect(page.getByTestId('workspace-page')).toHaveAttribute('data-screen', 'mobile');
    await waitSettled(page, 2);
    await surfacesReady(page, 2);
    // The grid was never drawn wider than the phone (the browser never zoomed out), so the tiles have the
    // height of this screen's rows.
    expect(await widest(page)).toBe(WIDTH);
    await expectSurfacesFillTiles(page);
    await shot(page, 'surfaces', widgets(page).first());
  } finally {
    await close();
  }
});

test('billing: the plan change says what changed, cancelling asks first and offers to resume, and bought API credits are announced', async ({ page }) => {
  const tokens = await signUp(page.request, 'phonebuyer');
  await buyPlan(page.request, tokens, 'price_volland_basic_month');
  await useTokens(page, tokens, '/app/user-settings');
  await openPortal(page, tap);
  await portalChangeToLive(page, tap, 'phone-');
  await expectNoSidewaysScroll(page);
  await portalCancelAndResume(page, tokens, tap, 'phone-');
  await expectNoSidewaysScroll(page);
  // The invoices' PDF links are whole on the screen, not cut by the table's box.
  for (const link of await page.getByTestId('portal-invoice-pdf').all()) {
    await link.scrollIntoViewIfNeeded();
    expectInsideWidth(await link.boundingBox(), WIDTH);
  }
  await page.goto('/app/user-settings/api-pricing');
  await expect(page.getByTestId('api-credits')).toHaveText('0');
  await buyApiPack(page, tap, 'phone-');
  await expectNoSidewaysScroll(page);
});
