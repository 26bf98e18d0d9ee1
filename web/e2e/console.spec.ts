// No router (or other) warnings in the browser console on the pages a trader and a visitor meet.
import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, signInAs, test } from './fixtures';

function collect(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'warning' || m.type() === 'error') seen.push(`${m.type()}: ${m.text()}`);
  });
  return seen;
}

const ROUTER = /route|router|No routes matched|React Router/i;

test('public pages and the academy log no router warnings', async ({ page }) => {
  const seen = collect(page);
  for (const path of ['/', '/api', '/api/documentation', '/academy', '/academy/section/3', '/sign-in', '/sign-up', '/nowhere']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(seen.filter((m) => ROUTER.test(m))).toEqual([]);
});

test('the workspace and settings log no router warnings', async ({ page }) => {
  const seen = collect(page);
  await signInAs(page, 'live', '/app/workspace');
  await page.waitForLoadState('networkidle');
  for (const path of ['/app/user-settings', '/app/user-settings/invoices', '/app/user-settings/api-key', '/app/pricing']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(seen.filter((m) => ROUTER.test(m))).toEqual([]);
});
