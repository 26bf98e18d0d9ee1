import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../api/client';
import { buildReport, fingerprint, reportApiError, resetReportMemory, routePattern, sendReport } from './errorReporting';

afterEach(() => {
  resetReportMemory();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('error reports', () => {
  it('masks ids in the route and groups repeats of one fault under one fingerprint', () => {
    expect(routePattern('/academy/section/12/345/quiz')).toBe('/academy/section/:id/:id/quiz');
    const a = fingerprint('crash', 'Cannot read x of item 41', 'TypeError\n    at Widget (main.js:10:4)');
    const b = fingerprint('crash', 'Cannot read x of item 42', 'TypeError\n    at Widget (main.js:99:7)');
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{8}$/);
    expect(fingerprint('http500', 'Cannot read x of item 41')).not.toBe(fingerprint('crash', 'Cannot read x of item 41'));
  });

  it('sends a report with kind, route and release, once per fault within the repeat window', () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon: beacon });
    const report = buildReport('crash', 'boom', 'Error: boom\n at x');
    expect(report.kind).toBe('crash');
    expect(report.release).toBeTruthy();
    expect(sendReport(report, 1000)).toBe(true);
    expect(sendReport(report, 2000)).toBe(false);
    expect(sendReport(report, 1000 + 60_001)).toBe(true);
    expect(beacon).toHaveBeenCalledTimes(2);
    expect(beacon.mock.calls[0]).toContain('/api/v1/client-errors');
  });

  it('reports a 500 as http500 and a data-token 401 as token401', () => {
    // Without sendBeacon the report goes through fetch with keepalive.
    vi.stubGlobal('navigator', {});
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 202 }));
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reportApiError(new ApiRequestError(500, 'internal', 'Broken'), 'workspaces');
    reportApiError(new ApiRequestError(401, 'invalid_token', 'No'), 'auth/generate-data-api-token');
    const bodies = fetch.mock.calls.map((c) => JSON.parse(String(c[1].body)));
    expect(bodies.map((b) => b.kind)).toEqual(['http500', 'token401']);
    expect(bodies[0].message).toBe('500 workspaces: Broken');
    expect(fetch.mock.calls[0][0]).toBe('/api/v1/client-errors');
    expect(fetch.mock.calls[0][1].keepalive).toBe(true);
  });
});
