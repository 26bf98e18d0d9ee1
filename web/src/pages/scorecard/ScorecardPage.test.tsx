import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import ScorecardPage from './ScorecardPage';
import { setTokens } from '../../api/session';
import { installFetch, LocationProbe, Providers } from '../../test/utils';

afterEach(() => vi.unstubAllGlobals());

const rate = (k: number, n: number) => ({ k, n, rate: n ? k / n : null, low: n ? 0.2 : null, high: n ? 0.8 : null });
const level = { touch: rate(6, 10), hold: rate(3, 6) };
const card = (patch = {}) => ({
  ticker: 'SPX', asOf: '2026-01-09T21:00:00+00:00', sessions: 10, firstSession: '2025-12-26', lastSession: '2026-01-09',
  holdDistancePercent: 0.25, confidence: 0.95, simulated: true, source: 'synthetic',
  levels: { zeroGamma: level, callWall: level, putWall: level, lis: level, target: { touch: rate(0, 0), hold: rate(0, 0) }, paradigmTarget: rate(2, 4) },
  ...patch,
});

function page(path = '/app/scorecard/spx') {
  return render(
    <Providers initialEntries={[path]}>
      <Routes><Route path="/app/scorecard/:ticker" element={<ScorecardPage />} /></Routes>
      <LocationProbe />
    </Providers>,
  );
}

describe('levels scorecard page', () => {
  it('shows every level with its rate, sample and interval, the as-of time and the simulated label', async () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    const { calls } = installFetch({ 'GET alerts/scorecard': () => ({ body: card() }) });
    page();
    const table = await screen.findByRole('table', { name: 'Levels scorecard' });
    expect(calls[0].url).toContain('ticker=SPX');
    const zero = within(table).getByRole('row', { name: /Zero gamma/ });
    expect(zero).toHaveTextContent('60 %');
    expect(zero).toHaveTextContent('6 of 10');
    expect(zero).toHaveTextContent('20–80 %');
    expect(zero).toHaveTextContent('3 of 6');
    expect(within(table).getByRole('row', { name: /0DTE target/ })).toHaveTextContent('none');
    expect(within(table).getByRole('row', { name: /Paradigm target/ })).toHaveTextContent('2 of 4');
    expect(screen.getByTestId('scorecard-simulated')).toHaveTextContent('Simulated');
    expect(screen.getByTestId('scorecard-as-of')).toHaveTextContent('10 closed sessions (2025-12-26 to 2026-01-09)');
  });

  it('says when there is no record yet, and has no simulated label on a real market', async () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    installFetch({ 'GET alerts/scorecard': () => ({ body: card({ sessions: 0, firstSession: null, lastSession: null, simulated: false, source: 'vendor' }) }) });
    page();
    expect(await screen.findByTestId('scorecard-empty')).toHaveTextContent('no record yet');
    expect(screen.queryByTestId('scorecard-simulated')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the error body\'s message with a way to try again', async () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    let fail = true;
    installFetch({
      'GET alerts/scorecard': () => (fail
        ? { status: 422, body: { code: 'unknown_ticker', status: 422, message: "The store does not carry 'ZZZZ'.", errors: { ticker: ['Unknown ticker.'] } } }
        : { body: card({ ticker: 'ZZZZ' }) }),
    });
    page('/app/scorecard/ZZZZ');
    expect(await screen.findByRole('alert')).toHaveTextContent("The store does not carry 'ZZZZ'.");
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Levels scorecard' })).toBeInTheDocument();
  });

  it('goes to another ticker from the keyboard', async () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    installFetch({ 'GET alerts/scorecard': (c) => ({ body: card({ ticker: new URL(c.url, 'http://x').searchParams.get('ticker') }) }) });
    page();
    await screen.findByRole('table');
    const user = userEvent.setup();
    const field = screen.getByLabelText('Ticker');
    await user.clear(field);
    await user.type(field, 'qqq{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/app/scorecard/QQQ');
    expect(await screen.findByRole('heading', { name: 'Levels scorecard: QQQ' })).toBeInTheDocument();
  });

  it('is one card per level on a narrow screen', async () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q === '(max-width: 639px)', addEventListener: () => {}, removeEventListener: () => {} }));
    installFetch({ 'GET alerts/scorecard': () => ({ body: card() }) });
    page();
    const list = await screen.findByRole('list', { name: 'Levels scorecard' });
    expect(within(list).getAllByTestId('scorecard-row')).toHaveLength(6);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
