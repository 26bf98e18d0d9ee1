// Every data route the spec lists is called by a screen (docs/design.md, "Where each data route is shown"):
// each test names the configuration or screen and asserts the request it makes and what it shows.
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, setTokens } from '../api/session';
import { futureExp, installFetch, makeToken, Providers, type FakeCall } from '../test/utils';
import exposureKind, { loadExposure } from './exposure';
import { exposureSeries } from './exposure/transform';
import { loadZeroDtePanel } from './zerodte';
import ZeroDteRenderer from './zerodte/Renderer';
import { loadTickerSummary } from './ticker';
import TickerRenderer from './ticker/Renderer';
import { GreekField } from './shared/fields';
import type { ChartConfiguration } from '../domain/types';

const LM = '2026-01-08T18:30:00Z';
const META = { lastModified: LM, source: 'demo', sourceDelay: null };
const UNIT = { unit: '$ per 1 point', conversions: [] };
const EXPOSURE = {
  ...META, ticker: 'SPX', greek: 'charm', kind: 'both', isCumulative: false, expirations: ['2026-01-08'], currentPrice: 5900,
  expectedMove: null, levels: { zeroGamma: null, callWall: null, putWall: null }, unit: UNIT,
  data: [{ strike: 5880, value: -2, call: -1, put: -1 }, { strike: 5920, value: 3, call: 2, put: 1 }],
};
const PARADIGM = { ...META, paradigm: 'GEX-PURE', target: 5925, lis: 5880, targetReason: null, lisReason: null, currentPrice: 5900 };

const path = (c: FakeCall) => c.url.replace(/^\/api\/v1\/(data\/)?/, '').split('?')[0];
const query = (c: FakeCall) => Object.fromEntries(new URL(c.url, 'http://x').searchParams);
const signal = () => new AbortController().signal;

function fetchWith(routes: Parameters<typeof installFetch>[0]) {
  return installFetch({ 'POST auth/generate-data-api-token': () => ({ body: { dataApiAccessToken: makeToken({ exp: futureExp(), subscriptions: [] }) } }), ...routes });
}

beforeEach(() => setTokens({ accessToken: makeToken({ exp: futureExp() }), refreshToken: 'r' }));
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const chart = (over: Partial<ChartConfiguration>): ChartConfiguration => ({ type: 'exposure', ticker: 'SPX', greek: 'charm', kind: 'both', expirations: { option: 'ALL' }, isCumulative: false, ...over });

describe('exposure charts', () => {
  it('a 0DTE chart reads the 0DTE exposure and the paradigm, and draws target and LIS', async () => {
    const { calls } = fetchWith({
      'GET data/zero_dte/exposure/volland-live-api-zero-dte': () => ({ body: EXPOSURE }),
      'GET data/zero_dte/volland-live-api-paradigm': () => ({ body: PARADIGM }),
    });
    const answer = await loadExposure(chart({ expirations: { option: 'TODAY' } }), signal());
    const zd = calls.find((c) => path(c) === 'zero_dte/exposure/volland-live-api-zero-dte')!;
    expect(query(zd)).toMatchObject({ ticker: 'SPX', greek: 'charm', kind: 'both' });
    expect(query(calls.find((c) => path(c) === 'zero_dte/volland-live-api-paradigm')!)).toMatchObject({ ticker: 'SPX' });
    expect(calls.some((c) => path(c) === 'volland-exposure')).toBe(false);
    const names = exposureSeries(answer, { greek: 'charm', kind: 'both', isCumulative: false }).markers.map((m) => m.label);
    expect(names).toContain('0DTE target 5,925.00');
    expect(names).toContain('LIS 5,880.00');
  });

  it('a cumulative live 0DTE chart reads the GET exposure with tickerType 0dte', async () => {
    const { calls } = fetchWith({
      'GET data/volland-live-api-exposure': () => ({ body: { ...EXPOSURE, isCumulative: true } }),
      'GET data/zero_dte/volland-live-api-paradigm': () => ({ body: PARADIGM }),
    });
    await loadExposure(chart({ expirations: { option: 'TODAY' }, isCumulative: true }), signal());
    const get = calls.find((c) => path(c) === 'volland-live-api-exposure')!;
    expect(query(get)).toMatchObject({ ticker: 'SPX', greek: 'charm', kind: 'both', expirations: 'TODAY', tickerType: '0dte', isCumulative: 'true' });
  });

  it('an IV-adjusted vanna chart reads iv-adjusted-vanna and draws its values', async () => {
    const { calls } = fetchWith({
      'GET data/volland-live-api-iv-adjusted-vanna': () => ({ body: { ...META, kind: 'call', ivShock: 0.1, currentPrice: 5900, unit: UNIT, data: [{ strike: 5900, value: 7, vanna: 70, iv: 0.15 }] } }),
    });
    const c = chart({ greek: 'vanna', kind: 'call', ivAdjusted: true });
    const answer = await loadExposure(c, signal());
    expect(query(calls.find((x) => path(x) === 'volland-live-api-iv-adjusted-vanna')!)).toMatchObject({ ticker: 'SPX', kind: 'call' });
    expect(answer.data).toEqual([{ strike: 5900, value: 7, call: 7, put: 0 }]);
    expect(exposureKind.subtitle(c)).toContain('IV-adjusted');
  });

  it('a historical chart at the session close reads the daily exposure of that day', async () => {
    const { calls } = fetchWith({ 'GET data/volland-api-daily-exposure': () => ({ body: { ...EXPOSURE, date: '2026-01-07' } }) });
    const c = chart({ date: '2026-01-07 15:55', sessionClose: true, greek: 'gamma' });
    await loadExposure(c, signal());
    expect(query(calls.find((x) => path(x) === 'volland-api-daily-exposure')!)).toMatchObject({ ticker: 'SPX', greek: 'gamma', kind: 'both', date: '2026-01-07' });
    expect(exposureKind.subtitle(c)).toContain('Session close 2026-01-07');
  });

  it('any other chart keeps the exposure POST', async () => {
    const { calls } = fetchWith({ 'POST data/volland-exposure': () => ({ body: EXPOSURE }) });
    await loadExposure(chart({ expirations: { option: 'THIS_WEEK' } }), signal());
    expect(calls.map(path)).toContain('volland-exposure');
  });
});

describe('0DTE panel', () => {
  it('reads the panel, the charm balance and the intraday aggregate charm, and shows both', async () => {
    const { calls } = fetchWith({
      'GET data/zero_dte/volland-live-api-zero-dte': () => ({ body: { ...PARADIGM, zerodte_agg_charm: -5e7, total_0dte_opt_vol: 1e6, units: {} } }),
      'GET data/zero_dte/volland-live-api-charm-balance': () => ({ body: { ...META, currentPrice: 5900, aggregate: -5e7, unit: UNIT, data: [{ strike: 5850, value: -8e7 }, { strike: 5950, value: 3e7 }] } }),
      'GET data/volland-live-api-agg_charm': () => ({ body: { ...META, greek: 'charm', aggregate: -2e8, zerodte_agg_charm: -5e7, unit: UNIT, series: [{ t: '2026-01-08T14:30:00Z', aggregate: -1e8, zeroDte: -1e7 }, { t: '2026-01-08T18:30:00Z', aggregate: -2e8, zeroDte: -5e7 }] } }),
    });
    const data = await loadZeroDtePanel('SPX', signal(), '2026-01-08 13:30');
    for (const p of ['zero_dte/volland-live-api-zero-dte', 'zero_dte/volland-live-api-charm-balance', 'volland-live-api-agg_charm']) {
      expect(query(calls.find((c) => path(c) === p)!), p).toMatchObject({ ticker: 'SPX', date: '2026-01-08 13:30' });
    }
    render(<Providers><ZeroDteRenderer data={data} configuration={{ ticker: 'SPX' }} width={400} height={300} /></Providers>);
    expect(screen.getByTestId('zerodte-balance')).toHaveTextContent('below spot -80M · above 30M');
    expect(screen.getByTestId('zerodte-charm-trail')).toBeInTheDocument();
    expect(screen.getByTestId('zerodte-trail-note')).toHaveTextContent('-10M → -50M');
  });
});

describe('ticker summary', () => {
  it('reads the summary, the end-of-day history and the largest gamma strikes, and shows them', async () => {
    const { calls } = fetchWith({
      'GET data/volland-live-api-summary': () => ({ body: { ...META, price: 5900, previousClose: 5880, vix: 15, previousVix: 16, notionalVolume: 1e11, vannaStochastic: 0.5 } }),
      'GET data/volland-live-api-eod': () => ({ body: { ...META, ticker: 'SPX', units: {}, eod: [{ date: '2026-01-06', close: 5870.5, vixClose: 16.1, aggregates: {} }, { date: '2026-01-07', close: 5880.25, vixClose: 15.9, aggregates: {} }] } }),
      'GET data/volland-live-api-ges_strike_list': () => ({ body: { ...META, greek: 'gamma', kind: 'both', currentPrice: 5900, unit: UNIT, levels: { zeroGamma: null, callWall: null, putWall: null }, strikes: [{ strike: 6000, value: 3.1e9 }] } }),
    });
    const data = await loadTickerSummary('SPX', signal(), null);
    expect(query(calls.find((c) => path(c) === 'volland-live-api-eod')!)).toMatchObject({ ticker: 'SPX', days: '14' });
    expect(query(calls.find((c) => path(c) === 'volland-live-api-ges_strike_list')!)).toMatchObject({ ticker: 'SPX', greek: 'gamma', kind: 'both', limit: '5' });
    render(<Providers><TickerRenderer data={data} configuration={{ ticker: 'SPX' }} width={400} height={300} /></Providers>);
    const eod = screen.getByTestId('ticker-eod');
    const first = [...eod.querySelectorAll('tbody tr')[0].querySelectorAll('td')].map((td) => td.textContent);
    expect(first).toEqual(['Jan 7, 2026', '5,880.25', '15.9']);
    expect([...screen.getByTestId('ticker-gamma-strikes').querySelectorAll('td')].map((td) => td.textContent)).toEqual(['6,000', '3.1B']);
  });
});

describe('greek selects', () => {
  it('take their options from volland-live-api-greeks', async () => {
    const { calls } = fetchWith({ 'GET data/volland-live-api-greeks': () => ({ body: { ...META, greeks: ['gamma', 'charm'] } }) });
    render(<Providers><GreekField value="gamma" onChange={() => undefined} /></Providers>);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Greek' }).querySelectorAll('option')).toHaveLength(2), { timeout: 10_000 });
    expect(calls.map(path)).toContain('volland-live-api-greeks');
  });
});
