// One freshness rule (docs/methodology.md, "Freshness"), end to end: a Basic, a Volland 3, a Volland 30 and
// a Live subscriber open the same workspace at one clock time, and every widget shows exactly one state, the
// New York as-of time of what it draws, and its source. The expected labels are worked out from the
// server's market clock (GET data/next-refresh), independently of the web's rule (fixtures.ts). One
// screenshot per tier goes to the test output and to test-results/screenshots/. The same checks on an
// emulated phone: phone.spec.ts.
import type { Page, TestInfo } from '@playwright/test';
import { click, DESKTOP, expectOfflineNewSetup, expectPreviewUnitFollowsGreek, openWorkspaceAs, readFreshnessAtOneTime, saveScreenshot, test, type DemoUser, type Tier, expect } from './fixtures';

const SUBSCRIBERS: { user: DemoUser; tier: Tier }[] = [
  { user: 'freshBasic', tier: 'basic' },
  { user: 'fresh3', tier: '3' },
  { user: 'fresh30', tier: '30' },
  { user: 'freshLive', tier: 'live' },
];

/** Attaches a full-page screenshot to the test output and saves it under test-results/screenshots/. */
async function attachShot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
  await saveScreenshot(page, name);
}

test('Basic, Volland 3, Volland 30 and Live read one state each, with the as-of time and source, at one clock time', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  // Every subscriber's page is open before any is read: one clock time for the four.
  await readFreshnessAtOneTime(browser, SUBSCRIBERS, DESKTOP, (page, tier) => attachShot(page, testInfo, `freshness-${tier}`));
});

test('offline, switching expirations never draws the previous setup under the new label; back online it draws its own', async ({ browser }, testInfo) => {
  const { page, close } = await openWorkspaceAs(browser, 'freshLive', DESKTOP);
  try {
    const w = page.getByTestId('widget').filter({ hasText: 'Gamma exposure' });
    await expectOfflineNewSetup(page, w, click, () => attachShot(page, testInfo, 'freshness-offline-switch'));
  } finally {
    await close();
  }
});

test("the new-widget preview's axis title and unit follow the chosen greek", async ({ browser }, testInfo) => {
  const { page, close } = await openWorkspaceAs(browser, 'freshLive', DESKTOP);
  try {
    await expect(page.getByTestId('widget')).toHaveCount(2, { timeout: 20_000 });
    await expectPreviewUnitFollowsGreek(page, click, async () => {
      const path = testInfo.outputPath('freshness-preview-unit.png');
      await page.screenshot({ path });
      await testInfo.attach('freshness-preview-unit', { path, contentType: 'image/png' });
      await saveScreenshot(page, 'freshness-preview-unit');
    });
  } finally {
    await close();
  }
});
