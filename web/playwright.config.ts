import { defineConfig, devices } from '@playwright/test';

// One backend per run (e2e/server.sh): a fresh temporary var dir, migrated database, demo users and
// the tiny demo store, serving the production build. The port is fixed once in the main process and
// inherited by the workers through the environment.
if (!process.env.E2E_PORT) process.env.E2E_PORT = String(8700 + (process.pid % 250));
const PORT = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${PORT}`;
// The feed spec's own backend, 300 ports above (e2e/feed-server.sh).
export const FEED_PORT = PORT + 300;
export const FEED_URL = `http://127.0.0.1:${FEED_PORT}`;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // Per-port output folder: concurrent runs (one per developer) never clean each other's artifacts.
  outputDir: `./test-results/run-${PORT}`,
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'test-results/report' }]],
  use: {
    baseURL,
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    viewport: { width: 1366, height: 860 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 860 } } }],
  webServer: [
    {
      command: `bash e2e/server.sh ${PORT}`,
      url: `${baseURL}/api/v1/stripe/products`,
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The live trade feed's backend: a store streamed from the Databento gateway stand-in (e2e/feed.spec.ts).
      command: `bash e2e/feed-server.sh ${FEED_PORT}`,
      url: `${FEED_URL}/api/v1/stripe/products`,
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
