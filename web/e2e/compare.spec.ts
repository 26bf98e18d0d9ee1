// What changed (docs/methodology.md §4.10): an exposure chart set to "Compare with" in its editor draws
// the server's difference per strike, names both times, and can overlay both profiles.
import { apiLogin, createWorkspace, expect, resetWorkspaces, saveScreenshot, signInAs, test, type Tokens, USERS, waitSettled, widgets } from './fixtures';

const exposure = {
  name: null, type: 'CHART', size: 'M', position: { x: 0, y: 0 },
  configuration: { type: 'exposure', ticker: 'SPX', greek: 'gamma', kind: 'both', expirations: { option: 'ALL' }, isCumulative: false },
};

interface ChangeAnswer {
  compareWith: string;
  lastModified: string;
  then: { lastModified: string };
  data: { strike: number; value: number }[];
  profiles: { now: number[]; then: number[] } | null;
}

const NY = 'America/New_York';
const hm = (iso: string) => new Intl.DateTimeFormat('en-US', { timeZone: NY, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

let tokens: Tokens;

test.beforeEach(async ({ page }) => {
  tokens = await apiLogin(page.request, USERS.compare.email);
  await resetWorkspaces(page.request, tokens);
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('Compare with previous close draws the change per strike with both times, and overlays both profiles', async ({ page }) => {
  // Three edits of one widget, each waiting for its answer.
  test.setTimeout(180_000);
  const ws = await createWorkspace(page.request, tokens, 'What changed', [exposure]);
  await signInAs(page, 'compare', `/app/workspace/${ws.id}`);
  await waitSettled(page, 1);
  const chart = widgets(page).first();
  await expect(chart.getByTestId('compare-times')).toHaveCount(0);

  // The editor: Compare with → Previous close.
  await chart.getByRole('button', { name: 'Widget menu' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Widget' });
  // Listening before the choice: the preview may be answered before selectOption returns.
  const answered = page.waitForResponse((r) => r.url().endsWith('/data/volland-exposure-change') && r.request().method() === 'POST' && r.status() === 200);
  await dialog.getByRole('combobox', { name: 'Compare with' }).selectOption({ label: 'Previous close' });
  await expect(dialog.locator('.ws-wd-preview [data-ready="true"]')).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const body = (await (await answered).json()) as ChangeAnswer;
  expect(body.compareWith).toBe('previous_close');
  expect(body.then.lastModified < body.lastModified).toBe(true);

  await waitSettled(page, 1);
  const changed = widgets(page).filter({ hasText: 'Gamma exposure change' });
  await expect(changed.getByTestId('widget-subtitle')).toContainText('Change since previous close');
  const times = changed.getByTestId('compare-times');
  await expect(times).toHaveText(new RegExp(`^Change .*${hm(body.then.lastModified)} → .*${hm(body.lastModified)} ET$`));
  const drawn = changed.locator('.ws-chart[data-change="previous_close"]');
  await expect(drawn).toBeVisible();
  // The bars are the served differences: the tallest drawn bar is one of the answer's values.
  const maxAbs = Number(await drawn.getAttribute('data-max-abs'));
  expect(maxAbs).toBeGreaterThan(0);
  if ((await drawn.getAttribute('data-bin-size')) === '1') {
    expect(body.data.some((p) => Math.abs(Math.abs(p.value) - maxAbs) <= 1e-6 * maxAbs)).toBe(true);
  }
  const over = changed.locator('.u-over');
  const box = (await over.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(changed.getByTestId('chart-readout')).toContainText(/Δ Total -?\$[\d.]+[KMBT]? delta per 1 % move/);
  await saveScreenshot(page, 'compare-previous-close');

  // Overlay both profiles: the answer carries them and the chart draws two more series.
  await changed.getByRole('button', { name: 'Widget menu' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  // The dialog's preview asks for the profiles as soon as the box is ticked; the saved widget reads the same answer.
  const withProfiles = page.waitForResponse((r) => r.url().endsWith('/data/volland-exposure-change') && r.status() === 200 && Boolean(r.request().postDataJSON()?.profiles));
  await dialog.getByRole('checkbox', { name: 'Overlay both profiles' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const profiled = (await (await withProfiles).json()) as ChangeAnswer;
  expect(profiled.profiles?.now).toHaveLength(profiled.data.length);
  await expect(changed.getByTestId('exposure-legend')).toContainText('Then (profile)', { useInnerText: false });
  const series = await changed.locator('.uplot-host').evaluate((el) => (el as HTMLElement & { __uplot: { series: unknown[] } }).__uplot.series.length);
  expect(series).toBe(5);
  await saveScreenshot(page, 'compare-previous-close-overlay');

  // None again: the exposure chart as before.
  await changed.getByRole('button', { name: 'Widget menu' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await dialog.getByRole('combobox', { name: 'Compare with' }).selectOption({ label: 'None' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await waitSettled(page, 1);
  await expect(widgets(page).first().getByTestId('compare-times')).toHaveCount(0);
  await expect(widgets(page).first()).toContainText('Gamma exposure');
  await expect(widgets(page).first().getByTestId('widget-subtitle')).not.toContainText('Change');
});
