// Explained in place: the 0DTE panel's paradigm name has a tooltip (hover and keyboard focus), target and
// LIS show their distance from spot in points and per cent (or why they are absent), the panel states its
// New York time, and the "?" beside a figure opens its dictionary entry, which Escape closes.
import type { Page } from '@playwright/test';
import { apiLogin, auth, expect, expectInsideWidth, expectParadigmTip, expectZeroDteDistances, fetchZeroDte, resetWorkspaces, saveScreenshot, signInAs, test, USERS } from './fixtures';

const at = (x: number, y: number) => ({ x, y });
const PANELS = [
  { name: null, type: 'ZERODTE', size: 'M', position: at(0, 0), configuration: { ticker: 'SPX' } },
  { name: null, type: 'LIQUIDITY', size: 'M', position: at(6, 0), configuration: { ticker: 'SPX' } },
];
const widgets = (page: Page) => page.getByTestId('widget');

test('the 0DTE panel explains its paradigm, measures target and LIS from spot, and "?" opens an entry', async ({ page }) => {
  const tokens = await apiLogin(page.request, USERS.explained.email);
  await resetWorkspaces(page.request, tokens);
  const created = await page.request.post('/api/v1/workspaces', { headers: auth(tokens), data: { name: 'Explained', state: 'ACTIVE', widgets: PANELS } });
  expect(created.status()).toBe(201);
  const ws = await created.json();

  const z = await fetchZeroDte(page.request, tokens);

  await signInAs(page, 'explained', `/app/workspace/${ws.id}`);
  await expect(widgets(page)).toHaveCount(2, { timeout: 20_000 });
  const panel = widgets(page).filter({ has: page.getByTestId('zerodte-paradigm') });
  await expect(panel.getByTestId('zerodte-paradigm')).toHaveText(z.paradigm || 'None', { timeout: 30_000 });

  // The paradigm's tooltip: on hover, then (after it hides) on keyboard focus.
  const name = panel.getByTestId('zerodte-paradigm').getByRole('button');
  await name.hover();
  const tip = page.getByRole('tooltip');
  await expectParadigmTip(tip, z.paradigm);
  await page.mouse.move(0, 0);
  await expect(tip).toBeHidden();
  await name.focus();
  await expect(page.getByRole('tooltip')).toBeVisible();
  await saveScreenshot(page, 'explained-paradigm-tooltip');
  await name.blur();

  // Target and LIS: each with its distance from spot, or the server's reason.
  await expectZeroDteDistances(panel, z);

  // "?" beside DADS: a keyboard-operable button; the entry opens and Escape closes it.
  const liquidity = widgets(page).filter({ hasText: 'Delta-adjusted dealer spread' });
  const help = liquidity.getByRole('button', { name: 'What is Delta-adjusted dealer spread?' });
  await help.focus();
  await page.keyboard.press('Enter');
  const entry = page.getByRole('dialog', { name: 'Delta-Adjusted Dealer Spread (DADS)' });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('dollars per contract');
  await expect(entry.getByRole('link', { name: 'Open in the dictionary' })).toHaveAttribute('href', '/help?tab=dictionary#term-dads');
  await saveScreenshot(page, 'explained-dads-entry');
  await page.keyboard.press('Escape');
  await expect(entry).toBeHidden();
  await expect(help).toBeFocused();

  // The target's "?" too, and the dictionary page shows the linked entry.
  await panel.getByRole('button', { name: 'What is Target?' }).click();
  await expect(page.getByRole('dialog', { name: 'Target (0DTE)' })).toBeVisible();
  await page.goto('/help?tab=dictionary#term-messy');
  const linked = page.locator('#term-messy');
  await expect(linked).toHaveAttribute('aria-current', 'true');
  await expect(linked).toContainText('MESSY (Paradigm Suffix)');
  await expect(linked).toBeInViewport();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });

  test('a tap shows the paradigm tooltip and opens a "?" entry, both inside the screen', async ({ page }) => {
    const tokens = await apiLogin(page.request, USERS.explained.email);
    await resetWorkspaces(page.request, tokens);
    const created = await page.request.post('/api/v1/workspaces', { headers: auth(tokens), data: { name: 'Explained phone', state: 'ACTIVE', widgets: PANELS.slice(0, 1) } });
    expect(created.status()).toBe(201);
    const ws = await created.json();
    await signInAs(page, 'explained', `/app/workspace/${ws.id}`);
    const panel = widgets(page).filter({ has: page.getByTestId('zerodte-paradigm') });
    const name = panel.getByTestId('zerodte-paradigm').getByRole('button');
    await expect(name).toBeVisible({ timeout: 30_000 });
    await name.tap();
    const tip = page.getByRole('tooltip');
    await expect(tip).toBeVisible();
    expectInsideWidth(await tip.boundingBox(), 390);
    await panel.getByRole('button', { name: 'What is LIS?' }).tap();
    const entry = page.getByRole('dialog', { name: 'Line in the Sand (LIS)' });
    await expect(entry).toBeVisible();
    expectInsideWidth(await entry.boundingBox(), 390);
    await expect(tip).toBeHidden();
    await saveScreenshot(page, 'explained-phone-lis-entry');
    await entry.getByRole('button', { name: 'Close' }).tap();
    await expect(entry).toBeHidden();
  });
});
