import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KeyLevelsResponse, KeyLevelsRow } from '../../api/data';
import { TickerLinkContext } from '../shared/tickerLink';
import WatchlistRenderer from './Renderer';
import ScreenerRenderer from '../screener/Renderer';
import { clearTokens, setTokens } from '../../api/session';
import { installFetch, Providers } from '../../test/utils';

function row(ticker: string, spot: number | null, patch: Partial<KeyLevelsRow> = {}): KeyLevelsRow {
  return {
    ticker, lastModified: null, previousCloseAt: null, note: null, zeroDte: true, spot, spotChange: 3, callWall: 110,
    callWallChange: 0, putWall: 90, putWallChange: -5, zeroGamma: 98, zeroGammaChange: 0.5, target: 101,
    targetChange: null, lis: [99], lisChange: null, expectedMove: 2, expectedMovePercent: 2, expectedMoveChange: -0.25,
    expectedMoveExpiration: '2026-01-09', expectedMoveStrike: 100, ...patch,
  };
}

const data = { rows: [row('QQQ', 510), row('SPX', 5900), row('IWM', 230)], lastModified: null, units: {} } as unknown as KeyLevelsResponse;
const tickers = () => screen.getAllByTestId('key-levels-row').map((r) => r.getAttribute('data-ticker'));

describe('key levels table', () => {
  it('sorts by a column from its header, both ways, and says so with aria-sort', () => {
    render(<WatchlistRenderer data={data} height={300} />);
    const header = screen.getByTestId('sort-spot').closest('th')!;
    expect(header).toHaveAttribute('aria-sort', 'none');
    fireEvent.click(screen.getByTestId('sort-spot'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(tickers()).toEqual(['IWM', 'QQQ', 'SPX']);
    fireEvent.click(screen.getByTestId('sort-spot'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(tickers()).toEqual(['SPX', 'QQQ', 'IWM']);
  });

  it('sorts from the keyboard: the headers are buttons in the tab order', async () => {
    const user = userEvent.setup();
    render(<WatchlistRenderer data={data} height={300} />);
    screen.getByTestId('sort-ticker').focus();
    await user.keyboard('{Enter}');
    expect(tickers()).toEqual(['IWM', 'QQQ', 'SPX']);
    await user.tab();
    expect(screen.getByTestId('sort-spot')).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByTestId('sort-spot').closest('th')).toHaveAttribute('aria-sort', 'ascending');
  });

  it('colours each change by its sign', () => {
    render(<WatchlistRenderer data={data} height={300} />);
    const spx = screen.getAllByTestId('key-levels-row').find((r) => r.getAttribute('data-ticker') === 'SPX')!;
    expect(within(spx).getByText('+3')).toHaveAttribute('data-sign', 'positive');
    expect(within(spx).getByText('-5')).toHaveAttribute('data-sign', 'negative');
  });

  it('follows a ticker when the workspace offers it, and is plain text otherwise', () => {
    const open = vi.fn();
    const { unmount } = render(
      <TickerLinkContext.Provider value={open}>
        <WatchlistRenderer data={data} height={300} />
      </TickerLinkContext.Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'SPX' }));
    expect(open).toHaveBeenCalledWith('SPX');
    unmount();
    render(<WatchlistRenderer data={data} height={300} />);
    expect(screen.queryByRole('button', { name: 'SPX' })).toBeNull();
  });

  it('shows why a ticker has no figures', () => {
    render(<WatchlistRenderer data={{ ...data, rows: [row('NVDA', null, { note: 'No NVDA data was published on 2026-01-12.' })] }} height={300} />);
    expect(screen.getByText('No NVDA data was published on 2026-01-12.')).toBeInTheDocument();
  });
});

describe('screener rows', () => {
  it('follow their ticker the same way', () => {
    const open = vi.fn();
    render(
      <TickerLinkContext.Provider value={open}>
        <ScreenerRenderer data={{ results: ['NVDA:1.2', 'TSLA:-0.5'] }} configuration={{ flag: 'norm', length: 10, superlative: 'greatest', greek: 'gamma', timeFrame: 'week', stockPriceRange: { min: null, max: null } }} width={400} height={300} />
      </TickerLinkContext.Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'TSLA' }));
    expect(open).toHaveBeenCalledWith('TSLA');
  });
});

describe('the record of each level', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearTokens();
  });
  const rate = (k: number, n: number) => ({ k, n, rate: n ? k / n : null, low: n ? 0.25 : null, high: n ? 0.75 : null });
  const card = (ticker: string, asOf: string) => ({
    ticker, asOf, sessions: 8, firstSession: '2025-12-29', lastSession: '2026-01-08', holdDistancePercent: 0.25, confidence: 0.95,
    simulated: true, source: 'synthetic',
    levels: {
      zeroGamma: { touch: rate(4, 8), hold: rate(1, 4) }, callWall: { touch: rate(2, 8), hold: rate(2, 2) },
      putWall: { touch: rate(3, 8), hold: rate(0, 3) }, lis: { touch: rate(5, 8), hold: rate(3, 5) },
      target: { touch: rate(6, 8), hold: rate(3, 6) }, paradigmTarget: rate(3, 4),
    },
  });
  const timed = { ...data, rows: [row('SPX', 5900, { lastModified: '2026-01-09T17:00:00Z' }), row('QQQ', 510, { lastModified: '2026-01-09T16:55:00Z' })] } as unknown as KeyLevelsResponse;

  it('is a toggle: under each level its hold rate and sample as of the row\'s time, the full record in a tooltip, labelled simulated', async () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    const { calls } = installFetch({
      'GET alerts/scorecard': (c) => {
        const q = new URL(c.url, 'http://x').searchParams;
        const answer = card(q.get('ticker')!, q.get('asOf')!);
        // QQQ's call wall was never touched: no hold sample.
        if (answer.ticker === 'QQQ') answer.levels.callWall = { touch: rate(0, 8), hold: rate(0, 0) };
        return { body: answer };
      },
    });
    const user = userEvent.setup();
    render(<Providers><WatchlistRenderer data={timed} width={900} height={300} /></Providers>);
    expect(screen.queryAllByTestId('kl-record')).toHaveLength(0);
    expect(calls).toHaveLength(0);
    await user.click(screen.getByTestId('kl-record-toggle'));
    expect(screen.getByTestId('kl-record-toggle')).toHaveAttribute('aria-pressed', 'true');
    const spx = screen.getAllByTestId('key-levels-row').find((r) => r.getAttribute('data-ticker') === 'SPX')!;
    await within(spx).findAllByTestId('kl-record');
    // Asked as of each row's snapshot time: nothing after the widget's time.
    expect(calls.map((c) => new URL(c.url, 'http://x').searchParams.get('asOf')).sort()).toEqual(['2026-01-09T16:55:00Z', '2026-01-09T17:00:00Z']);
    const lines = within(spx).getAllByTestId('kl-record');
    expect(lines.map((l) => l.getAttribute('data-level'))).toEqual(['callWall', 'putWall', 'zeroGamma', 'target', 'lis']);
    expect(lines[0]).toHaveTextContent('held 100 % · n 2');
    expect(lines[3]).toHaveTextContent('reached 75 % · n 4');
    const qqq = screen.getAllByTestId('key-levels-row').find((r) => r.getAttribute('data-ticker') === 'QQQ')!;
    expect(within(qqq).getAllByTestId('kl-record')[0]).toHaveTextContent('held: no sample');
    expect(screen.getByTestId('kl-record-simulated')).toHaveTextContent('Simulated');
    lines[2].focus();
    await waitFor(() => expect(lines[2]).toHaveAttribute('aria-describedby'));
    const tip = document.getElementById(lines[2].getAttribute('aria-describedby')!)!;
    expect(tip).toHaveAttribute('role', 'tooltip');
    expect(tip).toHaveTextContent('Zero gamma, SPX');
    expect(tip).toHaveTextContent('touched in 4 of 8 (50 %, 95 % CI 25 %–75 %); held in 1 of 4 (25 %, 95 % CI 25 %–75 %)');
    expect(within(spx).getByRole('link', { name: 'SPX levels scorecard' })).toHaveAttribute('href', '/app/scorecard/SPX');
    await user.click(screen.getByTestId('kl-record-toggle'));
    expect(screen.queryAllByTestId('kl-record')).toHaveLength(0);
  });

  it('is not offered when signed out (the record is a signed-in answer)', () => {
    clearTokens();
    render(<Providers><WatchlistRenderer data={timed} width={900} height={300} /></Providers>);
    expect(screen.queryByTestId('kl-record-toggle')).toBeNull();
  });
});
