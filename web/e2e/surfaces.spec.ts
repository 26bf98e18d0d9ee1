// 3D surfaces, the vanna heatmap and the gamma candlestick, end to end against the real backend: hover
// readouts, colour-scale and level legends, surface axes with ticks, a camera fitted to the mesh, a
// decimated mesh, and time labels that never overlap. (How long the page's tasks take with surfaces is
// measured by the workspace benchmark, not asserted here.)
import type { Locator, Page } from '@playwright/test';
import { apiLogin, createWorkspace, expect, expectSurfacesFillTiles, resetWorkspaces, saveScreenshot, signInAs, surfacesReady, test, type Tokens, USERS, waitSettled, widgets } from './fixtures';

const at = (x: number, y: number) => ({ x, y });

const chart = (x: number, y: number, configuration: Record<string, unknown>, size: 'S' | 'M' | 'L' = 'S') => ({ name: null, type: 'CHART', size, position: at(x, y), configuration });
const greekSurface = (x: number, y: number, greek = 'gamma') => chart(x, y, { type: 'surface', ticker: 'SPX', greek, kind: 'both', chartName: 'GREEK_VOLATILITY' });
const ivSurface = (x: number, y: number) => chart(x, y, { type: 'surface', ticker: 'SPX', greek: 'gamma', kind: 'both', chartName: 'IV_VOLATILITY' });
const heatmap = (x: number, y: number, size: 'S' | 'M' | 'L' = 'S') => chart(x, y, { type: 'summary', ticker: 'SPX', greek: 'vanna' }, size);
const candles = (x: number, y: number) => chart(x, y, { type: 'summary', ticker: 'SPX', greek: 'gamma' });


/** Moves the pointer over a grid of points of `area` until the widget shows a readout; returns its text. */
async function hoverUntilReadout(page: Page, widget: Locator, area: Locator): Promise<string> {
  await area.scrollIntoViewIfNeeded();
  const b = (await area.boundingBox())!;
  for (const fy of [0.5, 0.4, 0.6, 0.3, 0.7]) {
    for (const fx of [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8]) {
      await page.mouse.move(b.x + b.width * fx, b.y + b.height * fy);
      const r = widget.getByTestId('chart-readout');
      if ((await r.count()) && (await r.isVisible())) return r.innerText();
    }
  }
  throw new Error('no readout anywhere over the chart');
}

/** The x-axis tick labels of a uPlot chart with their left and right edges in CSS px. */
async function timeLabelBoxes(widget: Locator): Promise<{ text: string; left: number; right: number }[]> {
  return widget.locator('.uplot-host').evaluate((el) => {
    type Axis = { _splits: number[] | null; _values: string[] | null; font: [string, number, number] | string[] };
    const u = (el as HTMLElement & { __uplot: { axes: Axis[]; valToPos: (v: number, s: string) => number; ctx: CanvasRenderingContext2D } }).__uplot;
    const axis = u.axes[0];
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = String((axis.font as unknown[])[0] ?? '12px sans-serif');
    const splits = axis._splits ?? [];
    const values = axis._values ?? [];
    return splits.map((v, i) => {
      const text = String(values[i] ?? '');
      const w = ctx.measureText(text).width / devicePixelRatio;
      const x = u.valToPos(v, 'x');
      return { text, left: x - w / 2, right: x + w / 2 };
    });
  });
}

let tokens: Tokens;

test.beforeEach(async ({ page }) => {
  tokens = await apiLogin(page.request, USERS.surfaces.email);
  await resetWorkspaces(page.request, tokens);
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('the vanna heatmap reads time in ET, strike and value with unit on hover; its colour legend is symmetric about zero', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Heatmap', [heatmap(0, 0)]);
  await signInAs(page, 'surfaces', `/app/workspace/${ws.id}`);
  await waitSettled(page, 1);
  const w = widgets(page).first();
  const text = await hoverUntilReadout(page, w, w.locator('.u-over'));
  expect(text).toMatch(/[A-Z][a-z]{2} \d{1,2} \d{2}:\d{2} ET/);
  expect(text).toMatch(/Strike [\d,]+/);
  expect(text).toMatch(/Vanna -?\$[\d.]+[KMBT]? delta per vol point/);
  const legend = w.getByTestId('heatmap-legend');
  await expect(legend).toBeVisible();
  await expect(legend).toHaveAttribute('data-kind', 'diverging');
  const lo = Number(await legend.getAttribute('data-lo'));
  const hi = Number(await legend.getAttribute('data-hi'));
  expect(hi).toBeGreaterThan(0);
  expect(lo).toBe(-hi);
  await expect(legend).toContainText('0');
  await expect(legend).toContainText(/Vanna, \$ delta per vol point/);
});

test('heatmap and candlestick time labels never overlap, from a narrow tile to full screen', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Times', [heatmap(0, 0), candles(6, 0)]);
  await signInAs(page, 'surfaces', `/app/workspace/${ws.id}`);
  await waitSettled(page, 2);
  const check = async () => {
    for (const w of await widgets(page).all()) {
      if (!(await w.isVisible())) continue;
      const boxes = await timeLabelBoxes(w);
      expect(boxes.length).toBeGreaterThan(1);
      for (const b of boxes) expect(b.text).toMatch(/^(\d{2}:\d{2}|[A-Z][a-z]{2} \d{1,2})$/);
      for (let i = 1; i < boxes.length; i += 1) expect(boxes[i].left, `${boxes[i - 1].text} / ${boxes[i].text}`).toBeGreaterThan(boxes[i - 1].right);
    }
  };
  await check();
  await page.setViewportSize({ width: 800, height: 800 });
  await expect(page.getByTestId('workspace-page')).toHaveAttribute('data-screen', 'tablet');
  await check();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('workspace-page')).toHaveAttribute('data-screen', 'mobile');
  await check();
  await page.setViewportSize({ width: 1440, height: 900 });
  const first = widgets(page).first();
  await first.getByRole('button', { name: 'Full screen' }).click();
  await expect(first).toHaveClass(/is-fullscreen/);
  await expect.poll(async () => (await first.locator('canvas').first().boundingBox())!.width).toBeGreaterThan(1300);
  await check();
  await page.keyboard.press('Escape');
});

test('the gamma candlestick reads time in ET and open, high, low, close on hover, with a legend for its level lines', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Candles', [candles(0, 0)]);
  await signInAs(page, 'surfaces', `/app/workspace/${ws.id}`);
  await waitSettled(page, 1);
  const w = widgets(page).first();
  const text = await hoverUntilReadout(page, w, w.locator('.u-over'));
  expect(text).toMatch(/\d{2}:\d{2} ET/);
  for (const name of ['Open', 'High', 'Low', 'Close']) expect(text).toMatch(new RegExp(`${name} [\\d,]+\\.\\d{2}`));
  const legend = w.getByTestId('candle-legend');
  await expect(legend).toBeVisible();
  await expect(legend).toContainText('Positive gamma level');
  await expect(legend).toContainText('Negative gamma level');
  await expect(legend).toContainText('Price up / down');
});

test('a greek surface has strike, days-to-expiration and value axes, a colour scale symmetric about zero, a fitted camera and a hover readout', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Surface', [greekSurface(0, 0)]);
  await signInAs(page, 'surfaces', `/app/workspace/${ws.id}`);
  await waitSettled(page, 1);
  await surfacesReady(page, 1);
  const w = widgets(page).first();
  const stage = w.getByTestId('surface-stage');
  const axes = w.getByTestId('surface-axes');
  await expect(axes.locator('[data-axis-title="strike"]')).toHaveText('Strike');
  await expect(axes.locator('[data-axis-title="expiration"]')).toHaveText('Days to expiration');
  await expect(axes.locator('[data-axis-title="value"]')).toHaveText('Gamma, $');
  for (const axis of ['strike', 'expiration', 'value']) expect(await axes.locator(`g[data-axis="${axis}"]`).count()).toBeGreaterThanOrEqual(2);
  expect(await axes.locator('g[data-axis="strike"] text').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^\d{1,2},\d{3}$/)]));
  expect(await axes.locator('g[data-axis="value"] text').allTextContents()).toContain('0');

  // Fitted: every tick label is inside the stage, and the axes span most of it.
  const box = (await stage.boundingBox())!;
  const labels = await axes.locator('text').all();
  const xs: number[] = [];
  for (const l of labels) {
    const b = (await l.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(box.x - 1);
    expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 1);
    expect(b.y).toBeGreaterThanOrEqual(box.y - 1);
    expect(b.y + b.height).toBeLessThanOrEqual(box.y + box.height + 1);
    xs.push(b.x, b.x + b.width);
  }
  expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(box.width * 0.5);

  const legend = w.getByTestId('surface-legend');
  await expect(legend).toHaveAttribute('data-kind', 'diverging');
  const hi = Number(await legend.getAttribute('data-hi'));
  expect(hi).toBeGreaterThan(0);
  expect(Number(await legend.getAttribute('data-lo'))).toBe(-hi);
  await expect(legend).toContainText(/Gamma, \$ .*per 1 % move/);

  // Decimated to what the tile can show: about one column per 8 px and one row per 10 px.
  const cells = Number(await w.getByTestId('widget-surface').getAttribute('data-cells'));
  expect(cells).toBeGreaterThan(0);
  expect(cells).toBeLessThanOrEqual(Math.max(12, Math.floor(box.width / 8)) * Math.max(6, Math.floor((box.height + 24) / 10)));

  const text = await hoverUntilReadout(page, w, stage);
  expect(text).toMatch(/Strike [\d,]+/);
  expect(text).toMatch(/Expiration \d{4}-\d{2}-\d{2} \(-?\d+ days?\)/);
  expect(text).toMatch(/Gamma -?\$[\d.]+[KMBT]? .*per 1 % move/);

  // Dragging rotates the view: the ticks move with the mesh.
  const before = (await axes.locator('[data-axis-title="strike"]').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 30, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => Math.abs((await axes.locator('[data-axis-title="strike"]').boundingBox())!.x - before.x)).toBeGreaterThan(5);
});

test('an IV surface reads implied volatility in % with a sequential legend, and survives full screen and back', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'IV', [ivSurface(0, 0), greekSurface(6, 0, 'charm')]);
  await signInAs(page, 'surfaces', `/app/workspace/${ws.id}`);
  await waitSettled(page, 2);
  await surfacesReady(page, 2);
  const iv = widgets(page).filter({ hasText: 'IV surface' });
  await expect(iv.getByTestId('surface-legend')).toHaveAttribute('data-kind', 'sequential');
  await expect(iv.getByTestId('surface-legend')).toContainText(/\d+(\.\d)?%/);
  await expect(iv.getByTestId('surface-axes').locator('[data-axis-title="value"]')).toHaveText('IV, %');
  const text = await hoverUntilReadout(page, iv, iv.getByTestId('surface-stage'));
  expect(text).toMatch(/IV \d+(\.\d+)? %/);
  const charm = widgets(page).filter({ hasText: 'Charm surface' });
  await expect(charm.getByTestId('surface-legend')).toContainText(/Charm, \$ .*per .*day/);

  await iv.getByRole('button', { name: 'Full screen' }).click();
  await expect(iv).toHaveClass(/is-fullscreen/);
  await expect.poll(async () => (await iv.getByTestId('surface-stage').boundingBox())!.width).toBeGreaterThan(1300);
  await surfacesReady(page, 2);
  await saveScreenshot(page, 'surface-fullscreen');
  await page.keyboard.press('Escape');
  await expect(iv).not.toHaveClass(/is-fullscreen/);
  await surfacesReady(page, 2);
  await expect(iv.getByTestId('surface-axes').locator('g[data-axis="strike"]').first()).toBeVisible();
});

test('on a phone a surface fills its tile: the drawing takes the widget body, not a corner of it', async ({ page }) => {
  const ws = await createWorkspace(page.request, tokens, 'Phone surfaces', [ivSurface(0, 0), greekSurface(6, 0, 'charm')]);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'surfaces', `/app/workspace/${ws.id}`);
  await expect(page.getByTestId('workspace-page')).toHaveAttribute('data-screen', 'mobile');
  await waitSettled(page, 2);
  await surfacesReady(page, 2);
  await expectSurfacesFillTiles(page);
  await saveScreenshot(page, 'surfaces-phone');
});
