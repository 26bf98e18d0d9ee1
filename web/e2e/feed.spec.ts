// A workspace fed by the live trade feed: the backend of e2e/feed-server.sh streamed a recorded morning of SPY
// from the Databento gateway stand-in through the vendor's own client into the store. The widgets draw what
// that feed published, and every freshness bar names the source.
import { FEED_URL } from '../playwright.config';
import { apiLogin, auth, expect, saveScreenshot, test, useTokens, USERS, waitSettled, widgets } from './fixtures';

test.use({ baseURL: FEED_URL });

const at = (x: number, y: number) => ({ x, y });
const exposure = (y: number, greek: string) => ({
  name: null, type: 'CHART', size: 'M', position: at(0, y),
  configuration: { type: 'exposure', ticker: 'SPY', greek, kind: 'both', expirations: { option: 'ALL' }, isCumulative: false },
});

test('a workspace on the streamed SPY book names the live feed as its source', async ({ page }) => {
  const tokens = await apiLogin(page.request, USERS.feed.email);
  const data = (await (await page.request.post('/api/v1/auth/generate-data-api-token', { headers: auth(tokens) })).json()).dataApiAccessToken;
  // The published answer says where it comes from: the feed, with no delay.
  const answer = await page.request.post('/api/v1/data/volland-exposure', {
    headers: { Authorization: `Bearer ${data}` },
    data: { ticker: 'SPY', greek: 'gamma', kind: 'both', expirations: { option: 'ALL' } },
  });
  expect(answer.status()).toBe(200);
  const body = await answer.json();
  expect(body.source).toBe('databento-live');
  expect(body.sourceDelay).toBe(0);

  const created = await page.request.post('/api/v1/workspaces', {
    headers: auth(tokens),
    data: { name: 'Live feed', state: 'ACTIVE', widgets: [exposure(0, 'gamma'), exposure(4, 'charm')] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const ws = await created.json();
  await page.setViewportSize({ width: 1440, height: 900 });
  await useTokens(page, tokens, `/app/workspace/${ws.id}`);
  await waitSettled(page, 2);
  for (const w of await widgets(page).all()) {
    await expect(w.getByTestId('freshness-source')).toHaveText(/^OPRA live/);
  }
  await expect(widgets(page).first().locator('canvas, svg').first()).toBeVisible();
  await saveScreenshot(page, 'feed-workspace');
});
