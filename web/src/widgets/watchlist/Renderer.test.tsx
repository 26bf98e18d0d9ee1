import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { KeyLevelsResponse, KeyLevelsRow } from '../../api/data';
import { TickerLinkContext } from '../shared/tickerLink';
import WatchlistRenderer from './Renderer';
import ScreenerRenderer from '../screener/Renderer';

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
