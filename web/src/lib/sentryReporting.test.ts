import { afterEach, describe, expect, it, vi } from 'vitest';

// The SDK is replaced at its module boundary: the factory counts how often the module is loaded, so
// the test can tell that without a DSN it is never imported.
const sdk = vi.hoisted(() => {
  const scope = { setFingerprint: vi.fn(), setTag: vi.fn(), setExtra: vi.fn() };
  return {
    loads: 0,
    scope,
    init: vi.fn(),
    captureException: vi.fn(),
    captureMessage: vi.fn(),
    withScope: vi.fn((callback: (s: typeof scope) => void) => callback(scope)),
  };
});

vi.mock('@sentry/react', () => {
  sdk.loads += 1;
  return { init: sdk.init, captureException: sdk.captureException, captureMessage: sdk.captureMessage, withScope: sdk.withScope };
});

import { NO_LINKS, resetSiteConfig } from '../api/siteConfig';
import { fingerprint, installErrorReporting, reportCrash, resetReportMemory } from './errorReporting';
import { resetSentry } from './sentryReporting';

function serveSiteConfig(sentryDsn: string | null) {
  const beacon = vi.fn(() => true);
  vi.stubGlobal('navigator', { sendBeacon: beacon });
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ links: NO_LINKS, release: 'r', sentryDsn, sentryEnvironment: 'staging' }), { headers: { 'content-type': 'application/json' } })));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return beacon;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  resetSentry();
  resetSiteConfig();
  resetReportMemory();
  vi.unstubAllGlobals();
});

// Kept in this order: the first test must run before anything imports the SDK module.
describe('browser reports to Sentry', () => {
  it('never imports the SDK when the site configuration has no DSN', async () => {
    const beacon = serveSiteConfig(null);
    await installErrorReporting();
    reportCrash(new Error('render failed'));
    await settle();
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(sdk.loads).toBe(0);
    expect(sdk.init).not.toHaveBeenCalled();
  });

  it('with a DSN starts the SDK and captures a crash with the report fingerprint', async () => {
    const beacon = serveSiteConfig('https://webkey@errors.volland.test/3');
    await installErrorReporting();
    expect(sdk.loads).toBe(1);
    expect(sdk.init).toHaveBeenCalledWith(expect.objectContaining({
      dsn: 'https://webkey@errors.volland.test/3', environment: 'staging',
      dataCollection: expect.objectContaining({ userInfo: false, cookies: false }),
    }));
    const error = new Error('Cannot read strike of row 12');
    reportCrash(error, '\n    at Chart');
    await settle();
    const expected = fingerprint('crash', error.message, error.stack ?? '');
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(sdk.captureException).toHaveBeenCalledWith(error);
    expect(sdk.scope.setFingerprint).toHaveBeenCalledWith([expected]);
    expect(sdk.scope.setTag).toHaveBeenCalledWith('fingerprint', expected);
    expect(sdk.scope.setTag).toHaveBeenCalledWith('kind', 'crash');
    // A repeat inside the window goes to neither store.
    reportCrash(error);
    await settle();
    expect(sdk.captureException).toHaveBeenCalledTimes(1);
  });
});
