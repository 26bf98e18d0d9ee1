// Public site end to end against the real backend (e2e/server.sh): dictionary search and letter
// filter, home-page anchors and carousel ends, About statistics, the contact form and the API docs.
import { expect, saveScreenshot, signInAs, test } from './fixtures';

test.describe('help dictionary', () => {
  test('search by contains, filter by first letter, and show No results', async ({ page }) => {
    await page.goto('/help');
    await page.getByRole('tab', { name: 'Dictionary' }).click();
    await expect(page).toHaveURL(/\/help\?tab=dictionary$/);

    const results = page.getByTestId('dictionary-results');
    const terms = results.getByRole('term');
    const total = await terms.count();
    expect(total).toBeGreaterThanOrEqual(55);

    const search = page.getByLabel('Search terms');
    await search.fill('gamma');
    await expect(terms).toHaveText(['Delta-Adjusted Gamma', 'Gamma', 'Gamma Squeeze', 'Zero Gamma Level']);

    // Letter and search combine: titles containing "gamma" that start with G.
    await page.getByRole('button', { name: 'Terms starting with G' }).click();
    await expect(page.getByRole('button', { name: 'Terms starting with G' })).toHaveAttribute('aria-pressed', 'true');
    await expect(terms).toHaveText(['Gamma', 'Gamma Squeeze']);

    await search.fill('');
    for (const text of await terms.allTextContents()) expect(text.startsWith('G')).toBe(true);

    await page.getByRole('button', { name: 'Terms starting with a digit' }).click();
    await expect(terms).toHaveText(['0DTE', '1DTE', '52-Week Range']);

    await search.fill('no such trading term');
    await expect(page.getByText('No results')).toBeVisible();
    await expect(results).toHaveCount(0);

    await search.fill('');
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect(terms).toHaveCount(total);
    await saveScreenshot(page, 'public-help-dictionary');
  });

  test('a greek anchor opens the Greeks tab at that entry', async ({ page }) => {
    await page.goto('/help#vanna');
    await expect(page.getByRole('tab', { name: 'Greeks' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('article#vanna')).toBeInViewport();
  });
});

test.describe('home page', () => {
  test('Subscription Info scrolls to #subscriptions and the pricing copy is there', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Option Dealers' Hedging Requirements. Your Edge.");
    await expect(page.getByRole('link', { name: /New!.*Meet the Academy/ })).toHaveAttribute('href', '/academy');
    await expect(page.getByRole('tab', { name: 'Sophisticated lit market metrics' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('link', { name: 'Learn More about API' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join the Community' }).first()).toHaveAttribute('target', '_blank');

    const pricing = page.locator('#subscriptions');
    await expect(pricing).not.toBeInViewport();
    await page.getByRole('button', { name: 'Subscription Info' }).click();
    await expect(page).toHaveURL(/#subscriptions$/);
    await expect(pricing.getByRole('heading', { name: 'Pricing' })).toBeInViewport();
    await expect(pricing).toContainText('Unlock options dealer positioning.');
    await expect(pricing).toContainText('Select the monthly plan that fits your needs.');
    await saveScreenshot(page, 'public-home');
  });

  test('opening /#testimonials lands on the carousel; its buttons are disabled at the ends', async ({ page }) => {
    await page.goto('/#testimonials');
    const section = page.locator('#testimonials');
    await expect(section.getByRole('heading', { name: 'Tried, tested, and treasured' })).toBeInViewport();
    await expect(section.locator('figure')).toHaveCount(13);

    const prev = section.getByRole('button', { name: 'Previous' });
    const next = section.getByRole('button', { name: 'Next' });
    await expect(prev).toBeDisabled();
    await expect(next).toBeEnabled();
    await next.click();
    await expect(prev).toBeEnabled();

    // Drag scrolling with the mouse moves the track.
    const track = section.getByTestId('carousel-track');
    const before = await track.evaluate((el) => el.scrollLeft);
    const box = (await track.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before);

    await track.evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'auto' }));
    await expect(next).toBeDisabled();
    await expect(prev).toBeEnabled();
  });

  test('the call to action depends on the session', async ({ page }) => {
    await page.goto('/');
    const cta = page.getByRole('region', { name: 'Trade with the hedging flows, not against them.' });
    await expect(cta.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/sign-up');
    await signInAs(page, 'live', '/');
    await expect(cta.getByRole('link', { name: 'Go to Workspaces' })).toBeVisible();
  });
});

test('about page loads the statistics from the public data API', async ({ page }) => {
  const response = await page.request.get('/api/v1/public-data/volland-stats');
  expect(response.status()).toBe(200);
  const stats = (await response.json()) as { totalTrades: number; currentOpenTrades: number; numberTickers: number };

  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Volland');
  await expect(page.getByRole('link', { name: 'Sign Up Today' })).toBeVisible();
  const tickers = page.getByTestId('stat-numberTickers');
  await expect(tickers).toContainText('Amount of tickers');
  await expect(tickers.locator('dd')).toHaveAttribute('title', new Intl.NumberFormat('en-US').format(stats.numberTickers));
  await expect(page.getByTestId('stat-totalTrades').locator('dd')).toHaveAttribute('title', new Intl.NumberFormat('en-US').format(stats.totalTrades));
  await expect(page.getByTestId('stat-currentOpenTrades')).toContainText('Total active options');
  await expect(page.locator('#about-faq').getByRole('button')).toHaveCount(5);
  // The page claims only what the active source (the offline demo here) supports.
  expect(response.headers()['x-data-source']).toBe('synthetic');
  await expect(page.locator('#about-our-data')).toContainText('built-in demonstration market');
  await saveScreenshot(page, 'public-about');
});

test('contact form validates under the fields and sends the message', async ({ page }) => {
  await page.goto('/contact-us');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await expect(page.getByText('Please enter your e-mail address.')).toBeVisible();
  await expect(page.getByText('Please enter a subject.')).toBeVisible();
  await expect(page.getByText('Please enter a message.')).toBeVisible();
  await expect(page.getByLabel('Name')).toBeFocused();
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Name').fill('Morgan');
  await page.getByLabel('E-mail').fill('morgan@');
  await expect(page.getByText('Please enter your name.')).toHaveCount(0);
  await expect(page.getByText('Please enter a valid e-mail address.')).toBeVisible();

  await page.getByLabel('E-mail').fill('morgan@e2e.volland.test');
  await page.getByLabel('Subject').fill('Enterprise data licence');
  await page.getByLabel('Message').fill('We would like to discuss access to the full historical data set.');
  const posted = page.waitForResponse((r) => r.url().endsWith('/api/v1/contact') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Send message' }).click();
  const response = await posted;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toEqual({
    name: 'Morgan',
    email: 'morgan@e2e.volland.test',
    subject: 'Enterprise data licence',
    message: 'We would like to discuss access to the full historical data set.',
  });
  await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Thank you');
});

test('API documentation renders the public data API from the OpenAPI document', async ({ page }) => {
  // Reached the way visitors do: header link to /api, then its documentation link.
  await page.goto('/');
  await page.getByRole('link', { name: 'API', exact: true }).first().click();
  await page.getByRole('link', { name: 'Read the documentation' }).click();
  await expect(page).toHaveURL(/\/api\/documentation$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API Documentation');
  await expect(page.locator('.pub-docs__container')).toHaveCSS('max-width', '1280px');
  await expect(page.locator('.pub-endpoint').first()).toContainText('POST/api/v1/volland');
  await expect(page.locator('#authentication')).toContainText('X-API-KEY');
  for (const status of ['400', '401', '429']) await expect(page.getByTestId(`response-${status}`)).toBeVisible();
  await expect(page.locator('#examples pre').first()).toContainText('exposure_request');
  await saveScreenshot(page, 'public-api-documentation');
});

test('API documentation lists request types with required fields and the supported tickers', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'API', exact: true }).first().click();
  await page.getByRole('link', { name: 'Read the documentation' }).click();
  const types = page.getByRole('table', { name: 'Required fields per request type' });
  await expect(types.getByRole('row', { name: /^exposure_request/ })).toContainText('request_type, ticker, greek, kind, expirations');
  await expect(types.getByRole('row', { name: /^trend_request/ })).toContainText('request_type, ticker, greek');
  for (const t of ['paradigm_request', 'zerodte_request', 'derived_request']) await expect(types).toContainText(t);
  const tickers = page.getByRole('list', { name: 'Supported tickers' });
  for (const t of ['SPX', 'SPY', 'QQQ', 'VIX']) await expect(tickers.getByText(t, { exact: true })).toBeVisible();
});

test('public pages under /api load on a direct visit', async ({ page }) => {
  await page.goto('/api');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Volland data, inside your own product');
  await page.goto('/api/documentation');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API Documentation');
});

test('legal pages carry their facts', async ({ page }) => {
  await page.goto('/terms-of-service');
  await expect(page.getByText('Last updated January 8, 2025')).toBeVisible();
  for (const fact of ['Basic, 3, 30 and Live', 'All sales are final', 'at least 18 years old', 'Commonwealth of Virginia', '$100']) {
    await expect(page.locator('article')).toContainText(fact);
  }
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await expect(page.locator('article')).toContainText('third-party payment processor');
});

test('resources page links the white paper and both user guides as PDFs', async ({ page }) => {
  await page.goto('/resources');
  const links = [
    page.getByRole('link', { name: 'Download PDF' }),
    page.getByRole('link', { name: 'English PDF' }),
    page.getByRole('link', { name: 'Spanish PDF' }),
  ];
  for (const link of links) {
    const href = await link.first().getAttribute('href');
    expect(href).toMatch(/^\/docs\/.+\.pdf$/);
    const resp = await page.request.get(href!);
    expect(resp.status()).toBe(200);
    expect(resp.headers()['content-type']).toBe('application/pdf');
    expect((await resp.body()).subarray(0, 5).toString()).toBe('%PDF-');
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });

  test('the API documentation fits the width: nothing is cut off, long lines scroll inside their own box', async ({ page }) => {
    await page.goto('/api/documentation');
    await expect(page.locator('.pub-endpoint').first()).toContainText('/api/v1/volland');
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const out: string[] = [];
      if (document.documentElement.scrollWidth > width) out.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
      for (const el of Array.from(document.querySelectorAll<HTMLElement>('main *'))) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        // Inside a box that scrolls on its own (code, a wide table) and itself fits the screen, a line may
        // be longer than the screen; a container wider than the screen whose overflow is hidden is the cut.
        let scrollsInABox = false;
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          const ox = getComputedStyle(p).overflowX;
          const box = p.getBoundingClientRect();
          if ((ox === 'auto' || ox === 'scroll') && box.left >= -1 && box.right <= width + 1) { scrollsInABox = true; break; }
        }
        if (!scrollsInABox && (r.left < -1 || r.right > width + 1)) out.push(`${el.tagName.toLowerCase()}.${el.className}: ${Math.round(r.left)}…${Math.round(r.right)}`);
      }
      return out.slice(0, 12);
    });
    expect(overflow).toEqual([]);
    await saveScreenshot(page, 'public-api-documentation-phone');
  });
});
