// The session heatmap end to end against the real backend: added from the new-widget dialog, it draws its
// cells on a canvas with the price path over them, a diverging legend symmetric about zero and a hover
// readout (time ET, strike, value with unit, price); live and historical.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiLogin, auth, createWorkspace, expect, resetWorkspaces, saveScreenshot, signInAs, test, type Tokens, USERS, waitSettled, widgets } from './fixtures';

let tokens: Tokens;

async function route(request: APIRequestContext, t: Tokens, query: string) {
  const dt = (await (await request.post('/api/v1/auth/generate-data-api-token', { headers: auth(t) })).json()).dataApiAccessToken;
  const r = await request.get(`/api/v1/data/volland-live-api-heatmap?${query}`, { headers: { Authorization: `Bearer ${dt}` } });
  expect(r.status()).toBe(200);
  return r.json();
}

/** Opaque pixels of the chart canvas that are neither background nor grey: the coloured cells. */
async function colouredPixels(widget: Locator): Promise<number> {
  const canvas = widget.locator('canvas').first();
  await expect(canvas).toBeVisible();
  return canvas.evaluate((el) => {
    const c = el as HTMLCanvasElement;
    const img = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < img.length; i += 4) {
      if (img[i + 3] < 200) continue;
      const [r, g, b] = [img[i], img[i + 1], img[i + 2]];
      if (Math.max(r, g, b) - Math.min(r, g, b) > 40) n += 1;
    }
    return n;
  });
}

async function hoverUntilReadout(page: Page, widget: Locator): Promise<string> {
  const area = widget.locator('.u-over');
  await area.scrollIntoViewIfNeeded();
  const b = (await area.boundingBox())!;
  for (const fy of [0.5, 0.4, 0.6, 0.3, 0.7]) {
    for (const fx of [0.9, 0.7, 0.5, 0.3, 0.95]) {
      await page.mouse.move(b.x + b.width * fx, b.y + b.height * fy);
      const r = widget.getByTestId('chart-readout');
      if ((await r.count()) && (await r.isVisible()) && /Strike/.test(await r.innerText())) return r.innerText();
    }
  }
  throw new Error('no readout anywhere over the heatmap');
}

test.beforeEach(async ({ page }) => {
  tokens = await apiLogin(page.request, USERS.heatmap.email);
  await resetWorkspaces(page.request, tokens);
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('a heatmap added from the dialog draws cells, the price path, its legend and a readout', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Session');
  await signInAs(page, 'heatmap', `/app/workspace/${ws.id}/new`);
  const dialog = page.getByRole('dialog', { name: 'New Widget' });
  await dialog.getByRole('button', { name: 'Session heatmap' }).click();
  await dialog.getByRole('combobox', { name: 'Greek' }).selectOption('charm');
  await dialog.getByRole('button', { name: 'Add widget' }).click();
  await expect(dialog).toBeHidden();
  await waitSettled(page, 1);
  const w = widgets(page).first();
  const served = await route(page.request, tokens, 'ticker=SPX&greek=charm&kind=both&expirations=ALL');
  const chart = w.getByTestId('session-heatmap');
  await expect(chart).toHaveAttribute('data-times', String(served.times.length));
  await expect(chart).toHaveAttribute('data-strikes', String(served.strikes.length));
  expect(served.times.length).toBeGreaterThan(0);
  expect(await colouredPixels(w)).toBeGreaterThan(500);
  const legend = w.getByTestId('heatmap-legend');
  await expect(legend).toHaveAttribute('data-kind', 'diverging');
  const hi = Number(await legend.getAttribute('data-hi'));
  const m = Math.max(...served.values.flat().filter((v: number | null) => v !== null).map((v: number) => Math.abs(v)));
  expect(hi).toBeCloseTo(m, 0);
  expect(Number(await legend.getAttribute('data-lo'))).toBe(-hi);
  await expect(legend).toContainText('Charm, $ delta per calendar day');
  const text = await hoverUntilReadout(page, w);
  expect(text).toMatch(/\d{2}:\d{2} ET/);
  expect(text).toMatch(/Strike [\d,]+/);
  expect(text).toMatch(/Charm (—|-?\$[\d.]+[KMBT]? delta per calendar day)/);
  expect(text).toMatch(/Price [\d,]+\.\d{2}/);
  await saveScreenshot(page, 'heatmap');
});

test('a historical heatmap shows the chosen session up to the chosen time', async ({ page }) => {
  const dt = (await (await page.request.post('/api/v1/auth/generate-data-api-token', { headers: auth(tokens) })).json()).dataApiAccessToken;
  const dates: string[] = (await (await page.request.get('/api/v1/data/historical/volland-live-api-dates?ticker=SPX', { headers: { Authorization: `Bearer ${dt}` } })).json()).available_dates;
  expect(dates.length).toBeGreaterThan(1);
  const day = dates[dates.length - 2];
  const times: string[] = (await (await page.request.get(`/api/v1/data/historical/volland-live-api-times?ticker=SPX&date=${day}`, { headers: { Authorization: `Bearer ${dt}` } })).json()).available_time;
  const time = times[Math.floor(times.length / 2)];
  const date = `${day} ${time}`;
  const ws = await createWorkspace(page.request, tokens, 'Past session', [
    { name: null, type: 'CHART', size: 'M', position: { x: 0, y: 0 }, configuration: { type: 'heatmap', ticker: 'SPX', greek: 'gamma', kind: 'both', expirations: { option: 'ALL' }, date } },
  ]);
  await signInAs(page, 'heatmap', `/app/workspace/${ws.id}`);
  await waitSettled(page, 1);
  const w = widgets(page).first();
  const served = await route(page.request, tokens, `ticker=SPX&greek=gamma&kind=both&expirations=ALL&date=${encodeURIComponent(date)}`);
  expect(served.times.length).toBe(times.indexOf(time) + 1);
  await expect(w.getByTestId('session-heatmap')).toHaveAttribute('data-times', String(served.times.length));
  await expect(w.getByTestId('freshness')).toContainText('HISTORICAL');
  expect(await colouredPixels(w)).toBeGreaterThan(500);
  const text = await hoverUntilReadout(page, w);
  expect(text).toMatch(/Gamma (—|-?\$[\d.]+[KMBT]? delta per 1 % move)/);
});
