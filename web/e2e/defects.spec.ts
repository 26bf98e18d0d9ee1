// Defects a trader met on the way (issue 25, point 5), end to end: the workspace menus work with the
// keyboard alone (menu button pattern), the expirations picker has room, and on an emulated phone (touch,
// device scale 3) titles that differ stay distinguishable and the tap readout stays on screen.
// Screenshots go to test-results/screenshots/defects-*.png.
import type { Page } from '@playwright/test';
import { apiLogin, createWorkspace, expect, resetWorkspaces, saveScreenshot, saveWindowShot, signInAs, test, type Tokens, USERS, waitSettled, widgets } from './fixtures';

const exposure = (x: number, y: number, over: Record<string, unknown> = {}) => ({
  name: null, type: 'CHART', size: 'S', position: { x, y },
  configuration: { type: 'exposure', ticker: 'SPX', greek: 'gamma', kind: 'both', expirations: { option: 'ALL' }, isCumulative: false, ...over },
});



/** Opens the new-widget dialog on Exposure and its expirations picker; checks the picker has room. */
async function openPicker(page: Page, width: number) {
  await page.getByRole('button', { name: '+ Add widget' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Widget' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('navigation', { name: 'Widget types' }).getByRole('button', { name: 'Exposure' }).click();
  const opener = dialog.locator('button.ws-select-like[aria-haspopup="dialog"]');
  await opener.click();
  const picker = dialog.getByRole('dialog', { name: 'Choose expirations' });
  await expect(picker).toBeVisible();
  await picker.scrollIntoViewIfNeeded();
  // Whole, unclipped by the settings column and inside the window.
  await expect(picker).toBeInViewport({ ratio: 0.99 });
  const box = (await picker.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  return { dialog, picker, opener };
}

/** The window as the phone shows it (a full-page capture resizes the window, and the grid with it). */
const phoneShot = saveWindowShot;

let tokens: Tokens;

test.beforeEach(async ({ page }) => {
  tokens = await apiLogin(page.request, USERS.defects.email);
  await resetWorkspaces(page.request, tokens);
});

test('the workspace menus open, move and close with the keyboard alone', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  const ws = await createWorkspace(page.request, tokens, 'Keyboard', [exposure(0, 0)]);
  await signInAs(page, 'defects', `/app/workspace/${ws.id}`);
  await waitSettled(page, 1);

  const cog = page.getByRole('button', { name: 'Workspace settings' });
  await cog.focus();
  await expect(cog).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(cog).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('menu', { name: 'Workspace settings' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Duplicate' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
  await saveScreenshot(page, 'defects-menu-keyboard');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(cog).toBeFocused();

  // Enter on an item runs it: Rename opens its dialog.
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The drawer's ⋮ menu: Escape closes the menu only, a second Escape the drawer.
  await page.getByRole('button', { name: 'My Workspaces' }).focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('complementary', { name: 'My Workspaces' });
  await expect(drawer).toBeVisible();
  const dots = drawer.getByRole('button', { name: 'Workspace menu Keyboard' });
  await dots.focus();
  await page.keyboard.press('Enter');
  await expect(drawer.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  await expect(drawer.getByRole('menuitem', { name: 'Duplicate' })).toBeFocused();
  await saveScreenshot(page, 'defects-drawer-menu-keyboard');
  await page.keyboard.press('Escape');
  await expect(drawer.getByRole('menu')).toHaveCount(0);
  await expect(drawer).toBeVisible();
  await expect(dots).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
});

test('the expirations picker has room on a desktop, and Escape inside it closes only the picker', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  const ws = await createWorkspace(page.request, tokens, 'Picker');
  await signInAs(page, 'defects', `/app/workspace/${ws.id}`);
  const { dialog, picker, opener } = await openPicker(page, 1366);
  await saveScreenshot(page, 'defects-expirations-desktop');
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(opener).toBeFocused();
});

test.describe('on an emulated phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true });

  test('titles that differ stay distinguishable and the tap readout stays on screen', async ({ page }) => {
    const ws = await createWorkspace(page.request, tokens, 'Phone', [exposure(0, 0), exposure(6, 0, { isCumulative: true })]);
    await signInAs(page, 'defects', `/app/workspace/${ws.id}`);
    await waitSettled(page, 2);
    await expect(page.getByTestId('workspace-page')).toHaveAttribute('data-screen', 'mobile');

    const titles = page.locator('.ws-widget-title');
    await expect(titles).toHaveCount(2);
    const shown = await titles.evaluateAll((els) =>
      els.map((el) => ({ text: el.textContent ?? '', cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1 })),
    );
    expect(shown.map((s) => s.cut)).toEqual([false, false]);
    expect(shown.some((s) => s.text.endsWith('(cumulative)'))).toBe(true);
    expect(new Set(shown.map((s) => s.text)).size).toBe(2);

    // A tap just left of the middle used to open the readout to the right of the finger, off screen.
    const chart = widgets(page).first();
    const over = chart.locator('.u-over');
    await over.scrollIntoViewIfNeeded();
    const box = (await over.boundingBox())!;
    await over.tap({ position: { x: box.width * 0.45, y: box.height / 2 } });
    const readout = chart.getByTestId('chart-readout');
    await expect(readout).toBeVisible();
    const r = (await readout.boundingBox())!;
    expect(r.x).toBeGreaterThanOrEqual(0);
    expect(r.x + r.width).toBeLessThanOrEqual(390);
    await phoneShot(page, 'defects-phone-titles-readout');

    // The quick strike range toggle is reachable on a phone: ±2 % narrows the strikes, so fewer are
    // summed per bar, and every bar keeps at least 4 px.
    const plot = chart.locator('.ws-chart');
    const before = Number(await plot.getAttribute('data-bin-size'));
    await chart.getByRole('button', { name: '±2 %' }).tap();
    await expect(chart.getByRole('button', { name: '±2 %' })).toHaveAttribute('aria-pressed', 'true');
    const spot = Number(await plot.getAttribute('data-spot'));
    await expect.poll(async () => Number(await plot.getAttribute('data-first-strike'))).toBeGreaterThanOrEqual(spot * 0.98 - 1e-6);
    expect(Number(await plot.getAttribute('data-bin-size'))).toBeLessThan(before);
    const bars = Number(await chart.getByTestId('widget-chart').getAttribute('data-points'));
    expect(bars * 4).toBeLessThanOrEqual((await chart.locator('.u-over').boundingBox())!.width + 4);
    await phoneShot(page, 'defects-phone-range-toggle');
  });

  test('the expirations picker fits the phone and Escape closes only the picker', async ({ page }) => {
    const ws = await createWorkspace(page.request, tokens, 'Phone picker');
    await signInAs(page, 'defects', `/app/workspace/${ws.id}`);
    const { dialog, picker } = await openPicker(page, 390);
    await phoneShot(page, 'defects-expirations-phone');
    await page.keyboard.press('Escape');
    await expect(picker).toHaveCount(0);
    await expect(dialog).toBeVisible();
  });
});
