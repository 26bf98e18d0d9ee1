// Workspace load benchmark (run by benchmarks/web_workspace.py against a running server).
// Times navigation → every one of 12 chart widgets showing data (a drawn canvas), against a baseline in
// the same run: navigation → the empty workspace's intro. Prints one JSON object on stdout.
//   env: BASE_URL, BENCH_RUNS (default 5), CHROMIUM_PATH (default /usr/bin/chromium)
import { chromium } from '@playwright/test';

const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:8765';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DWELL_MS = Number(process.env.BENCH_REPLAY_DWELL_MS ?? 1000);
const EMAIL = process.env.BENCH_EMAIL ?? 'live@e2e.volland.test';
const PASSWORD = process.env.BENCH_PASSWORD ?? 'E2e-password-1';

async function api(path, { method = 'GET', token, body } = {}) {
  const r = await fetch(`${BASE}/api/v1/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!r.ok && r.status !== 204) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
  return r.status === 204 ? null : r.json();
}

const at = (i) => ({ x: (i % 2) * 6, y: Math.floor(i / 2) * 2 });
const chart = (i, configuration) => ({ name: null, type: 'CHART', size: 'S', position: at(i), configuration });
const exposure = (greek, isCumulative) => ({ type: 'exposure', ticker: 'SPX', greek, kind: 'both', expirations: { option: 'ALL' }, isCumulative });
// Twelve widgets of the trader's day: the exposure charts, price and levels, the session heatmap and a
// key-levels list (a WATCHLIST of the same 6x2 footprint as a small chart).
const CHARTS = [
  exposure('gamma', false), exposure('gamma', true), exposure('vanna', false), exposure('vanna', true),
  exposure('charm', false), exposure('charm', true),
  { type: 'price_levels', ticker: 'SPX', greek: 'gamma', expirations: { option: 'ALL' }, previousSessions: 0 },
  { type: 'heatmap', ticker: 'SPX', greek: 'gamma', kind: 'both', expirations: { option: 'ALL' } },
  { type: 'summary', ticker: 'SPX', greek: 'gamma' },
  { type: 'statistics', ticker: 'SPX', greek: 'charm', chartName: 'SPOT_VOL_CORRELATION' },
  { type: 'statistics', ticker: 'SPX', greek: 'charm', chartName: 'AGGREGATE_TREND' },
  'watchlist',
].map((c, i) => (c === 'watchlist'
  ? { name: null, type: 'WATCHLIST', size: 'M', position: at(i), configuration: { tickers: ['SPX', 'QQQ', 'IWM'] } }
  : chart(i, c)));

/** In the page (the app's CSP allows no string evaluation): at least `n` widgets have drawn their answer
 * (a chart's canvas, the key levels' table rows). */
const drawn = (n) =>
  [...document.querySelectorAll('[data-testid="widget"]')].filter((c) => {
    const body = c.querySelector('.ws-widget-body[data-ready="true"]');
    return body && !body.matches('[data-placeholder="true"]') && body.querySelector('canvas, table tbody tr');
  }).length >= n;

const SURFACES = [
  { type: 'surface', ticker: 'SPX', greek: 'gamma', kind: 'both', chartName: 'GREEK_VOLATILITY' },
  { type: 'surface', ticker: 'SPX', greek: 'gamma', kind: 'both', chartName: 'IV_VOLATILITY' },
].map((c, i) => chart(i, c));

/**
 * Longest main-thread task (PerformanceObserver 'longtask', ≥ 50 ms) while surfaces are added (the
 * workspace with two surfaces loads until both have drawn their first frame), hovered (the pointer
 * crosses the greek surface, reading it), rotated (a drag across it), closed (full screen opened and
 * closed with Escape) and edited (the widget dialog opens with its live preview surface and is
 * cancelled).
 */
async function surfaceLongTasks(browser, login, workspaceId) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${BASE}/not-found`);
  await page.evaluate((t) => {
    localStorage.setItem('accessToken', t.accessToken);
    localStorage.setItem('refreshToken', t.refreshToken);
  }, login);
  const mark = () => page.evaluate(() => performance.now());
  const phases = {};
  const measure = async (name, fn) => {
    const from = await mark();
    await fn();
    await page.waitForTimeout(500);
    const to = await mark();
    const tasks = await page.evaluate(([a, b]) => window.__longTasks.filter((t) => t.start >= a && t.start <= b), [from, to]);
    phases[name] = { longest_ms: Math.max(0, ...tasks.map((t) => t.duration)), count: tasks.length };
  };
  await measure('add', async () => {
    await page.goto(`${BASE}/app/workspace/${workspaceId}`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="surface-stage"][data-ready="true"]').length >= 2, null, { timeout: 60_000 });
  });
  const canvas = page.locator('[data-testid="widget-surface"] canvas').first();
  const box = await canvas.boundingBox();
  await measure('hover', async () => {
    for (let k = 0; k <= 20; k += 1) await page.mouse.move(box.x + box.width * (0.2 + 0.03 * k), box.y + box.height * (0.35 + 0.015 * k));
  });
  await measure('rotate', async () => {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 150, box.y + box.height / 2 + 40, { steps: 15 });
    await page.mouse.up();
  });
  await measure('close', async () => {
    const widget = page.locator('[data-testid="widget"]').first();
    await widget.getByRole('button', { name: 'Full screen' }).click();
    await page.waitForSelector('.ws-widget.is-fullscreen [data-testid="widget-surface"] canvas', { timeout: 60_000 });
    await page.keyboard.press('Escape');
    await page.waitForSelector('.ws-widget.is-fullscreen', { state: 'detached', timeout: 60_000 });
  });
  await measure('dialog', async () => {
    const widget = page.locator('[data-testid="widget"]').first();
    await widget.getByRole('button', { name: 'Widget menu' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('[data-testid="surface-stage"][data-ready="true"]').waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 60_000 });
  });
  await context.close();
  return { phases, longest_ms: Math.max(...Object.values(phases).map((p) => p.longest_ms)) };
}

/** A past session with at least `n` snapshot times the user may see (the historical catalogue). */
async function pastSession(token, n) {
  const dt = (await api('auth/generate-data-api-token', { method: 'POST', token })).dataApiAccessToken;
  const dates = (await api('data/historical/volland-live-api-dates?ticker=SPX', { token: dt })).available_dates;
  for (const day of [...dates].reverse()) {
    const times = (await api(`data/historical/volland-live-api-times?ticker=SPX&date=${day}`, { token: dt })).available_time;
    if (times.length >= n) return { day, times };
  }
  throw new Error(`no session with ${n} snapshots`);
}

/**
 * One replay step across the 12 charts in historical mode: the time from → (the key) to every widget drawing
 * the next snapshot's answer, measured in the page. Baseline in the same run: the same step back to times
 * already visited (every answer cached: only the drawing). Also the longest main-thread task of the steps.
 */
async function replaySteps(browser, login, workspaceId, session, steps) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${BASE}/not-found`);
  await page.evaluate((t) => {
    localStorage.setItem('accessToken', t.accessToken);
    localStorage.setItem('refreshToken', t.refreshToken);
  }, login);
  await page.goto(`${BASE}/app/workspace/${workspaceId}?replay=${session.day}T${session.times[0]}`);
  const settled = (time) =>
    page.waitForFunction(
      (t) => {
        const cards = document.querySelectorAll('[data-testid="widget"][data-follows-replay="true"]');
        if (cards.length < 12) return false;
        for (const c of cards) {
          if (c.querySelector('[data-placeholder="true"]') || !c.querySelector('[data-ready="true"] :is(canvas, table tbody tr)')) return false;
          if (!(c.querySelector('[data-testid="freshness-detail"]')?.textContent ?? '').includes(t)) return false;
        }
        return true;
      },
      time,
      { timeout: 60_000, polling: 'raf' },
    );
  await settled(session.times[0]);
  const step = async (key, time) => {
    const t0 = await page.evaluate((k) => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
      return performance.now();
    }, key);
    await settled(time);
    const t1 = await page.evaluate(() => performance.now());
    const tasks = await page.evaluate(([a, b]) => window.__longTasks.filter((x) => x.start >= a && x.start <= b), [t0, t1]);
    if (process.env.BENCH_DEBUG) {
      // Each data request of the step: path, then start, request, first byte and end in ms from the key.
      const rs = await page.evaluate(([a, b]) => performance.getEntriesByType('resource').filter((r) => r.startTime >= a - 1500 && r.startTime <= b && r.name.includes('/api/v1/data/')).map((r) => [r.name.split('/api/v1/data/')[1].slice(0, 60), Math.round(r.startTime - a), Math.round(r.requestStart - a), Math.round(r.responseStart - a), Math.round(r.responseEnd - a)]), [t0, t1]);
      process.stderr.write(`${key} ${Math.round(t1 - t0)} ms\n${rs.map((r) => '  ' + r.join(' ')).join('\n')}\n`);
    }
    return { ms: t1 - t0, longest: Math.max(0, ...tasks.map((x) => x.duration)) };
  };
  // At reading pace: the board is read for DWELL_MS before each step (the player's beat is 1.5 s), so the
  // step's answers may already have been loaded ahead. Keys pressed back to back: each step waits for its own
  // answers. Back over times already visited: answers cached, only the drawing (the baseline).
  const forward = [];
  for (let k = 1; k <= steps; k += 1) {
    await page.waitForTimeout(DWELL_MS);
    forward.push(await step('ArrowRight', session.times[k]));
  }
  const immediate = [];
  for (let k = steps + 1; k <= 2 * steps; k += 1) immediate.push(await step('ArrowRight', session.times[k]));
  const back = [];
  for (let k = 2 * steps - 1; k >= steps; k -= 1) back.push(await step('ArrowLeft', session.times[k]));
  await context.close();
  const all = [...forward, ...immediate, ...back];
  return {
    steps,
    dwell_ms: DWELL_MS,
    step_ms: forward.map((s) => Math.round(s.ms)),
    immediate_step_ms: immediate.map((s) => Math.round(s.ms)),
    cached_step_ms: back.map((s) => Math.round(s.ms)),
    step_median_ms: median(forward.map((s) => s.ms)),
    immediate_step_median_ms: median(immediate.map((s) => s.ms)),
    cached_step_median_ms: median(back.map((s) => s.ms)),
    longest_task_ms: Math.max(...all.map((s) => s.longest)),
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  const login = await api('auth/login', { method: 'POST', body: { email: EMAIL, password: PASSWORD } });
  const token = login.accessToken;
  for (const w of await api('workspaces', { token })) await api(`workspaces/${w.id}`, { method: 'DELETE', token });
  const full = await api('workspaces', { method: 'POST', token, body: { name: 'Benchmark charts', widgets: CHARTS } });
  const empty = await api('workspaces', { method: 'POST', token, body: { name: 'Benchmark empty', widgets: [] } });
  const surfaces = await api('workspaces', { method: 'POST', token, body: { name: 'Benchmark surfaces', widgets: SURFACES } });
  const REPLAY_STEPS = Number(process.env.BENCH_REPLAY_STEPS ?? 5);
  const session = await pastSession(token, 2 * REPLAY_STEPS + 1);
  const historical = CHARTS.map((w) => ({ ...w, configuration: { ...w.configuration, date: `${session.day} ${session.times[session.times.length - 1]}` } }));
  const replay = await api('workspaces', { method: 'POST', token, body: { name: 'Benchmark replay', widgets: historical } });

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const results = { charts_ms: [], empty_ms: [] };
  try {
    for (let run = 0; run < RUNS + 1; run += 1) {
      for (const kind of ['empty', 'charts']) {
        // A fresh context per measurement: no HTTP cache, no query cache; the tokens are stored first.
        const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
        const page = await context.newPage();
        await page.addInitScript(() => {
          window.__longTasks = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
          }).observe({ type: 'longtask', buffered: true });
        });
        await page.goto(`${BASE}/not-found`);
        await page.evaluate((t) => {
          localStorage.setItem('accessToken', t.accessToken);
          localStorage.setItem('refreshToken', t.refreshToken);
        }, login);
        const id = kind === 'charts' ? full.id : empty.id;
        const t0 = Date.now();
        await page.goto(`${BASE}/app/workspace/${id}`);
        if (kind === 'charts') {
          await page.waitForFunction(drawn, 12, { timeout: 60_000, polling: 'raf' });
        } else {
          await page.getByText('Almost done! Just add any widget').waitFor({ timeout: 60_000 });
        }
        const ms = Date.now() - t0;
        const longest = await page.evaluate(() => Math.max(0, ...window.__longTasks.map((t) => t.duration)));
        // The first round warms the server's caches and is not counted.
        if (run > 0) {
          results[`${kind}_ms`].push(ms);
          results[`${kind}_longest_task_ms`] = Math.max(results[`${kind}_longest_task_ms`] ?? 0, longest);
        }
        await context.close();
      }
    }
    results.surface = await surfaceLongTasks(browser, login, surfaces.id);
    results.replay = await replaySteps(browser, login, replay.id, session, REPLAY_STEPS);
  } finally {
    await browser.close();
    await api(`workspaces/${full.id}`, { method: 'DELETE', token }).catch(() => undefined);
    await api(`workspaces/${empty.id}`, { method: 'DELETE', token }).catch(() => undefined);
    await api(`workspaces/${surfaces.id}`, { method: 'DELETE', token }).catch(() => undefined);
    await api(`workspaces/${replay.id}`, { method: 'DELETE', token }).catch(() => undefined);
  }
  const out = {
    runs: RUNS,
    charts_ms: results.charts_ms,
    empty_ms: results.empty_ms,
    charts_median_ms: median(results.charts_ms),
    charts_longest_task_ms: results.charts_longest_task_ms,
    empty_longest_task_ms: results.empty_longest_task_ms,
    empty_median_ms: median(results.empty_ms),
    surface_long_tasks: results.surface,
    replay: { ...results.replay, ratio_vs_cached: results.replay.step_median_ms / results.replay.cached_step_median_ms },
  };
  out.ratio_vs_empty = out.charts_median_ms / out.empty_median_ms;
  process.stdout.write(JSON.stringify(out) + '\n');
}

main().catch((e) => {
  process.stderr.write(`workspace benchmark failed: ${e.message}\n${process.env.BENCH_DEBUG ? e.stack : ""}\n`);
  process.exit(1);
});
