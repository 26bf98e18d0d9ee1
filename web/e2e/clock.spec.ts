// App spec §9: "clock 24 h or 12 h", kept with the user's settings. Chosen in the profile, it follows the account
// (a reload and the server's answer keep it) and every time on the workspace is written on it.
import { apiLogin, auth, createWorkspace, expect, resetWorkspaces, saveScreenshot, signInAs, test, type Tokens, USERS, waitSettled, widgets } from './fixtures';

let tokens: Tokens;

const exposure = {
  name: null, type: 'CHART', size: 'M', position: { x: 0, y: 0 },
  configuration: { type: 'exposure', ticker: 'SPX', greek: 'gamma', kind: 'both', expirations: { option: 'ALL' }, isCumulative: false },
};

test.beforeEach(async ({ page }) => {
  tokens = await apiLogin(page.request, USERS.clock.email);
  await resetWorkspaces(page.request, tokens);
  await page.request.put('/api/v1/users', { headers: auth(tokens), data: { clock: '24h' } });
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('a 12-hour clock chosen in the profile writes the workspace times as AM/PM, and 24 h comes back', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Clock', [exposure]);
  await signInAs(page, 'clock', `/app/workspace/${ws.id}`);
  await waitSettled(page, 1);
  const asOf = widgets(page).first().getByTestId('freshness-asof');
  await expect(asOf).toHaveText(/^as of [A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2} ET$/);

  await page.goto('/app/user-settings');
  const clock = page.getByRole('group', { name: /Times in charts/ });
  await expect(clock.getByRole('radio', { name: '24-hour (13:05)' })).toBeChecked();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/users') && r.request().method() === 'PUT');
  await clock.getByRole('radio', { name: '12-hour (1:05 PM)' }).click();
  expect((await (await saved).json()).clock).toBe('12h');
  await expect(page.getByRole('radio', { name: '12-hour (1:05 PM)' })).toBeChecked();
  await saveScreenshot(page, 'settings-clock');

  // Kept with the account: the server answers it, and the workspace after a reload is on the 12-hour clock.
  const me = await (await page.request.get('/api/v1/users', { headers: auth(tokens) })).json();
  expect(me.clock).toBe('12h');
  await page.goto(`/app/workspace/${ws.id}`);
  await page.reload();
  await waitSettled(page, 1);
  await expect(asOf).toHaveText(/^as of [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M ET$/);
  await saveScreenshot(page, 'workspace-clock-12h');

  await page.goto('/app/user-settings');
  await page.getByRole('radio', { name: '24-hour (13:05)' }).click();
  await expect(page.getByRole('radio', { name: '24-hour (13:05)' })).toBeChecked();
  await page.goto(`/app/workspace/${ws.id}`);
  await waitSettled(page, 1);
  await expect(asOf).toHaveText(/^as of [A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2} ET$/);
});
