// The volatility views end to end against the real backend (methodology §4.17–§4.19): a term structure added
// from the new-widget dialog draws its curves, a skew drawn against delta shows the served expiration and its
// history, and the IV rank shows the served rank and the straddle of each expiration; live and historical.
import type { APIRequestContext, Locator } from '@playwright/test';
import { apiLogin, auth, colouredPixels, createWorkspace, expect, resetWorkspaces, saveScreenshot, signInAs, test, type Tokens, USERS, waitSettled, widgets } from './fixtures';

let tokens: Tokens;
const BLUE: [number, number, number] = [122, 162, 247];
const RED: [number, number, number] = [229, 72, 77];
const two = (v: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(v);

async function route(request: APIRequestContext, t: Tokens, path: string) {
  const dt = (await (await request.post('/api/v1/auth/generate-data-api-token', { headers: auth(t) })).json()).dataApiAccessToken;
  const r = await request.get(`/api/v1/data/${path}`, { headers: { Authorization: `Bearer ${dt}` } });
  expect(r.status()).toBe(200);
  return r.json();
}

async function canvasPixels(w: Locator, index: number, colour: [number, number, number]): Promise<number> {
  const canvas = w.locator('canvas').nth(index);
  await expect(canvas).toBeVisible();
  return canvas.evaluate((el, c) => {
    const cv = el as HTMLCanvasElement;
    const img = cv.getContext('2d')!.getImageData(0, 0, cv.width, cv.height).data;
    let n = 0;
    for (let i = 0; i < img.length; i += 4) {
      if (img[i + 3] >= 200 && Math.abs(img[i] - c[0]) < 12 && Math.abs(img[i + 1] - c[1]) < 12 && Math.abs(img[i + 2] - c[2]) < 12) n += 1;
    }
    return n;
  }, colour);
}

test.beforeEach(async ({ page }) => {
  tokens = await apiLogin(page.request, USERS.volatility.email);
  await resetWorkspaces(page.request, tokens);
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('a term structure added from the dialog draws the ATM curve with its 30-day IV', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Vol');
  await signInAs(page, 'volatility', `/app/workspace/${ws.id}/new`);
  const dialog = page.getByRole('dialog', { name: 'New Widget' });
  await dialog.getByRole('button', { name: 'Term structure' }).click();
  await dialog.getByRole('button', { name: 'Add widget' }).click();
  await expect(dialog).toBeHidden();
  await waitSettled(page, 1);
  const w = widgets(page).first();
  const served = await route(page.request, tokens, 'volland-vol-term-structure?ticker=SPX');
  expect(served.points.filter((p: { atmIv: number | null }) => p.atmIv !== null).length).toBeGreaterThan(3);
  await expect(w.getByTestId('term-structure-caption')).toContainText(`30-day ATM IV ${two(served.iv30 * 100)}`);
  expect(await colouredPixels(w, [BLUE])).toBeGreaterThan(150);
  await saveScreenshot(page, 'volatility-term-structure');
});

test('a skew against delta shows the served expiration, its smile and the 30-day history', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Skew', [
    { name: null, type: 'SKEW', size: 'L', position: { x: 0, y: 0 }, configuration: { ticker: 'SPX', axis: 'delta', expiration: null } },
  ]);
  await signInAs(page, 'volatility', `/app/workspace/${ws.id}`);
  await waitSettled(page, 1);
  const w = widgets(page).first();
  const served = await route(page.request, tokens, 'volland-vol-skew?ticker=SPX');
  expect(served.smile.length).toBeGreaterThan(10);
  expect(served.history.length).toBeGreaterThan(1);
  const caption = w.getByTestId('skew-caption');
  await expect(caption).toContainText(served.expiration);
  await expect(caption).toContainText(`30-day RR ${two(served.riskReversal30)}`);
  expect(await canvasPixels(w, 0, BLUE)).toBeGreaterThan(150);
  expect(await canvasPixels(w, 1, RED)).toBeGreaterThan(50);
  await saveScreenshot(page, 'volatility-skew');
});

test('the IV rank shows the served rank and the straddle of each expiration, live and historical', async ({ page }) => {
  const dt = (await (await page.request.post('/api/v1/auth/generate-data-api-token', { headers: auth(tokens) })).json()).dataApiAccessToken;
  const dates: string[] = (await (await page.request.get('/api/v1/data/historical/volland-live-api-dates?ticker=SPX', { headers: { Authorization: `Bearer ${dt}` } })).json()).available_dates;
  const day = dates[dates.length - 2];
  const ws = await createWorkspace(page.request, tokens, 'Rank', [
    { name: null, type: 'IV_RANK', size: 'L', position: { x: 0, y: 0 }, configuration: { ticker: 'SPX' } },
    { name: null, type: 'IV_RANK', size: 'L', position: { x: 0, y: 3 }, configuration: { ticker: 'SPX', date: `${day} 15:00` } },
  ]);
  await signInAs(page, 'volatility', `/app/workspace/${ws.id}`);
  await waitSettled(page, 2);
  for (const [i, query] of [[0, 'ticker=SPX'], [1, `ticker=SPX&date=${encodeURIComponent(`${day} 15:00`)}`]] as const) {
    const w = widgets(page).nth(i);
    const served = await route(page.request, tokens, `volland-vol-iv-rank?${query}`);
    expect(served.sessions).toBeGreaterThan(2);
    await expect(w.getByTestId('iv-rank-caption')).toContainText(`Rank ${new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(served.ivRank)} %`);
    // The sample is said plainly: the demo stores a few sessions' closes, not 52 weeks.
    await expect(w.getByTestId('iv-rank-sample')).toHaveText(`rank over ${served.sessions} sessions since ${served.history.find((h: { iv30: number | null }) => h.iv30 !== null).date} (fewer than 52 weeks stored)`);
    const first = w.getByTestId('expected-moves').locator('tbody tr').first();
    const move = served.expectedMoves.find((m: { days: number }) => m.days >= 0);
    await expect(first).toContainText(move.expiration);
    await expect(first).toContainText(`±${two(move.points)}`);
    expect(await colouredPixels(w, [BLUE])).toBeGreaterThan(50);
  }
  await expect(widgets(page).nth(1).getByTestId('freshness')).toContainText('HISTORICAL');
  await saveScreenshot(page, 'volatility-iv-rank');
});
