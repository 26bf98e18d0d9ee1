// The flow widgets end to end against the real backend: volume and open interest by strike (one pair of
// bars per served strike), the put/call balance (today's running ratio and the previous session's, the
// totals) and the prints tape (the served page, paged on), live and historical.
import type { APIRequestContext } from '@playwright/test';
import { apiLogin, auth, createWorkspace, expect, resetWorkspaces, saveScreenshot, signInAs, test, type Tokens, waitSettled, widgets } from './fixtures';

let tokens: Tokens;

async function served(request: APIRequestContext, t: Tokens, path: string, query: string) {
  const dt = (await (await request.post('/api/v1/auth/generate-data-api-token', { headers: auth(t) })).json()).dataApiAccessToken;
  const r = await request.get(`/api/v1/data/${path}?${query}`, { headers: { Authorization: `Bearer ${dt}` } });
  expect(r.status()).toBe(200);
  return r.json();
}

const FLOW_WIDGETS = (date: string | null) => [
  { name: null, type: 'CHART', size: 'S', position: { x: 0, y: 0 },
    configuration: { type: 'volume_oi', ticker: 'SPX', greek: 'gamma', chartName: 'VOLUME', expirations: { option: 'ALL' }, date } },
  { name: null, type: 'PUT_CALL', size: 'M', position: { x: 6, y: 0 }, configuration: { ticker: 'SPX', date } },
  { name: null, type: 'PRINTS', size: 'L', position: { x: 0, y: 2 }, configuration: { ticker: 'SPX', side: 'all', sort: 'premium', minPremium: 0, date } },
];

/** The session before the last one stored (always a whole session of prints). */
async function previousSession(request: APIRequestContext, t: Tokens): Promise<string> {
  const dt = (await (await request.post('/api/v1/auth/generate-data-api-token', { headers: auth(t) })).json()).dataApiAccessToken;
  const dates: string[] = (await (await request.get('/api/v1/data/historical/volland-live-api-dates?ticker=SPX', { headers: { Authorization: `Bearer ${dt}` } })).json()).available_dates;
  expect(dates.length).toBeGreaterThan(1);
  return dates[dates.length - 2];
}

test.beforeEach(async ({ page }) => {
  tokens = await apiLogin(page.request, 'flow@e2e.volland.test');
  await resetWorkspaces(page.request, tokens);
  await page.setViewportSize({ width: 1440, height: 1000 });
});

test('the three flow widgets draw what the routes serve, and the tape pages on', async ({ page }) => {
  // The e2e market clock follows the wall clock: just after the open the live session has no flow yet, and
  // the same checks then run on the previous session.
  const live = await served(page.request, tokens, 'volland-live-api-put-call', 'ticker=SPX');
  const liveTape = await served(page.request, tokens, 'volland-live-api-prints', 'ticker=SPX&pageSize=50');
  const day = live.current.times.length >= 3 && liveTape.total > 100 ? null : await previousSession(page.request, tokens);
  const on = day ? `&date=${day}` : '';
  const ws = await createWorkspace(page.request, tokens, 'Flow', FLOW_WIDGETS(day));
  await signInAs(page, 'flow', `/app/workspace/${ws.id}`);
  await waitSettled(page, 3);
  const [vo, pc, tape] = [widgets(page).nth(0), widgets(page).nth(1), widgets(page).nth(2)];

  const volume = await served(page.request, tokens, 'volland-live-api-volume-oi', `ticker=SPX&expirations=ALL${on}`);
  expect(volume.strikes.length).toBeGreaterThan(3);
  const chart = vo.getByTestId('volume-oi');
  await expect(chart).toHaveAttribute('data-strikes', String(volume.strikes.length));
  const drawn = volume.callVolume.filter((v: number) => v !== 0).length + volume.putVolume.filter((v: number) => v !== 0).length;
  expect(drawn).toBeGreaterThan(0);
  await expect(chart.locator('rect')).toHaveCount(drawn);

  const balance = await served(page.request, tokens, 'volland-live-api-put-call', `ticker=SPX${on}`);
  const bal = pc.getByTestId('put-call');
  await expect(bal).toHaveAttribute('data-buckets', String(balance.current.times.length));
  await expect(bal).toHaveAttribute('data-previous', String(balance.previous.times.length));
  expect(await pc.getByTestId('put-call-current').getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+)+$/);
  expect(await pc.getByTestId('put-call-previous').getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+)+$/);
  await expect(pc.getByTestId('put-call-totals')).toContainText(balance.current.totals.volumeRatio.toFixed(2));

  const first = await served(page.request, tokens, 'volland-live-api-prints', `ticker=SPX&pageSize=50${on}`);
  expect(first.total).toBeGreaterThan(50);
  const t = tape.getByTestId('prints-tape');
  await expect(t).toHaveAttribute('data-total', String(first.total));
  await expect(t).toHaveAttribute('data-rows', '50');
  await expect(t.locator('tbody tr')).toHaveCount(50);
  await expect(t.locator('tbody tr').first()).toContainText(first.prints[0].size.toString());
  await saveScreenshot(page, 'flow');
  await tape.getByRole('button', { name: 'Next' }).click();
  await expect(t).toHaveAttribute('data-page', '2');
  const second = await served(page.request, tokens, 'volland-live-api-prints', `ticker=SPX&pageSize=50&page=2${on}`);
  await expect(tape.getByTestId('prints-page')).toContainText(`Page 2 of ${Math.ceil(first.total / 50)}`);
  await expect(t.locator('tbody tr').first()).toContainText(second.prints[0].price.toFixed(2));
});

test('historical flow widgets show the chosen session', async ({ page }) => {
  const dt = (await (await page.request.post('/api/v1/auth/generate-data-api-token', { headers: auth(tokens) })).json()).dataApiAccessToken;
  const dates: string[] = (await (await page.request.get('/api/v1/data/historical/volland-live-api-dates?ticker=SPX', { headers: { Authorization: `Bearer ${dt}` } })).json()).available_dates;
  expect(dates.length).toBeGreaterThan(1);
  const day = dates[dates.length - 2];
  const ws = await createWorkspace(page.request, tokens, 'Past flow', FLOW_WIDGETS(day));
  await signInAs(page, 'flow', `/app/workspace/${ws.id}`);
  await waitSettled(page, 3);
  const tapeServed = await served(page.request, tokens, 'volland-live-api-prints', `ticker=SPX&pageSize=50&date=${day}`);
  expect(tapeServed.session).toBe(day);
  await expect(widgets(page).nth(2).getByTestId('prints-tape')).toHaveAttribute('data-total', String(tapeServed.total));
  const balance = await served(page.request, tokens, 'volland-live-api-put-call', `ticker=SPX&date=${day}`);
  await expect(widgets(page).nth(1).getByTestId('put-call')).toHaveAttribute('data-buckets', String(balance.current.times.length));
  const volume = await served(page.request, tokens, 'volland-live-api-volume-oi', `ticker=SPX&expirations=ALL&date=${day}`);
  await expect(widgets(page).nth(0).getByTestId('volume-oi')).toHaveAttribute('data-strikes', String(volume.strikes.length));
  for (const i of [0, 1, 2]) await expect(widgets(page).nth(i).getByTestId('freshness')).toContainText('HISTORICAL');
});

test('the put/call figures sit inside their 6x2 tile', async ({ page }) => {
  // A whole session (the layout is what is checked; the live one may have just opened).
  const ws = await createWorkspace(page.request, tokens, 'Put/call tile', [FLOW_WIDGETS(await previousSession(page.request, tokens))[1]]);
  await signInAs(page, 'flow', `/app/workspace/${ws.id}`);
  await waitSettled(page, 1);
  const body = (await widgets(page).nth(0).locator('.ws-widget-body').boundingBox())!;
  const rows = widgets(page).nth(0).getByTestId('put-call-totals').locator('tr');
  await expect(rows).toHaveCount(3);
  for (const i of [0, 1, 2]) {
    const row = (await rows.nth(i).boundingBox())!;
    expect(row.y).toBeGreaterThanOrEqual(body.y);
    expect(row.y + row.height).toBeLessThanOrEqual(body.y + body.height + 0.5);
  }
  const chart = (await widgets(page).nth(0).getByRole('img', { name: 'Put/call premium ratio through the session' }).boundingBox())!;
  expect(chart.height).toBeGreaterThan(60);
  expect(chart.y + chart.height).toBeLessThanOrEqual((await rows.nth(0).boundingBox())!.y + 0.5);
});
