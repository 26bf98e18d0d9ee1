// Historical 0DTE (app spec §5): a historical 0DTE ticker picker lists the 0DTE tickers of that date's
// session. (A historical ticker summary's subtitle and freshness bar: src/workspace/WidgetCard.test.tsx.)
import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, setTokens } from '../api/session';
import { futureExp, installFetch, makeToken, Providers } from '../test/utils';
import { TickerField } from './shared/fields';

const token = () => ({ body: { dataApiAccessToken: makeToken({ exp: futureExp(), subscriptions: [] }) } });
beforeEach(() => setTokens({ accessToken: makeToken({ exp: futureExp() }), refreshToken: 'r' }));
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

describe('a historical 0DTE ticker picker', () => {
  it("asks for that date's 0DTE list", async () => {
    const { calls } = installFetch({ 'POST auth/generate-data-api-token': token, 'GET data/zero_dte/tickers': () => ({ body: { tickers: ['SPX', 'VIX'] } }) });
    render(<Providers><TickerField list="0dte" date="2026-01-07 15:00" value="VIX" onChange={() => undefined} /></Providers>);
    await waitFor(() => expect(calls.some((c) => c.url.includes('zero_dte/tickers'))).toBe(true));
    const call = calls.find((c) => c.url.includes('zero_dte/tickers'))!;
    expect(new URL(call.url, 'http://x').searchParams.get('date')).toBe('2026-01-07');
  });
});
