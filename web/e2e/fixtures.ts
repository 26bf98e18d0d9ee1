// Shared helpers for the browser tests (used by every spec; the backend is started by e2e/server.sh).
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PASSWORD, USERS, type DemoUser } from './users';

export { expect };
export { PASSWORD, USERS };
export type { DemoUser };

const here = dirname(fileURLToPath(import.meta.url));
export const SCREENSHOT_DIR = join(here, '..', 'test-results', 'screenshots');

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

/** Logs in through the real API. */
export async function apiLogin(request: APIRequestContext, email: string, password = PASSWORD): Promise<Tokens> {
  const response = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(response.status(), `login of ${email}`).toBe(200);
  return (await response.json()) as Tokens;
}

/** The bearer header of a user's access token. */
export const auth = (t: Tokens) => ({ Authorization: `Bearer ${t.accessToken}` });

/** Deletes every workspace of the user (each spec starts from none). */
export async function resetWorkspaces(request: APIRequestContext, t: Tokens) {
  const list = await (await request.get('/api/v1/workspaces', { headers: auth(t) })).json();
  for (const w of list) await request.delete(`/api/v1/workspaces/${w.id}`, { headers: auth(t) });
}

/** Creates a workspace through the API and returns it. */
export async function createWorkspace(request: APIRequestContext, t: Tokens, name: string, widgets: unknown[] = [], state = 'ACTIVE') {
  const r = await request.post('/api/v1/workspaces', { headers: auth(t), data: { name, state, widgets } });
  expect(r.status()).toBe(201);
  return r.json();
}

/** Signs a demo user in by storing real tokens, then opens `path`. */
export async function signInAs(page: Page, user: DemoUser, path = '/app/user-settings'): Promise<Tokens> {
  const tokens = await apiLogin(page.request, USERS[user].email);
  await page.goto('/not-found');
  await page.evaluate((t) => {
    localStorage.setItem('accessToken', t.accessToken);
    localStorage.setItem('refreshToken', t.refreshToken);
    localStorage.removeItem('apiToken');
  }, tokens);
  await page.goto(path);
  return tokens;
}

/** A unique e-mail per call, so sign-up tests can run repeatedly against one database. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.volland.test`;
}

/** Saves a full-page screenshot under test-results/screenshots/ (kept as a CI artifact). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

export const test = base;

/** The widgets of the workspace on screen. */
export const widgets = (page: Page) => page.getByTestId('widget');

/** Waits until the workspace shows `count` widgets, none loading and none failed. */
export async function waitSettled(page: Page, count: number) {
  await expect(widgets(page)).toHaveCount(count, { timeout: 20_000 });
  await expect(page.locator('[data-testid="widget"] [data-state="loading"]')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('[data-testid="widget"] [data-state="error"]')).toHaveCount(0);
}
