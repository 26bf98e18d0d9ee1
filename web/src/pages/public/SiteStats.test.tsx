import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SiteStats } from './SiteStats';

function renderStats() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SiteStats />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SiteStats', () => {
  it('shows a spinner while loading, then the three statistics', async () => {
    let resolve!: (r: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((r) => (resolve = r)));
    vi.stubGlobal('fetch', fetchMock);
    renderStats();

    expect(screen.getByRole('status', { name: 'Loading statistics' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/v1/public-data/volland-stats');

    resolve(
      new Response(JSON.stringify({ totalTrades: 123456, currentOpenTrades: 98765, numberTickers: 251 }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const trades = await screen.findByTestId('stat-totalTrades');
    expect(screen.queryByRole('status', { name: 'Loading statistics' })).not.toBeInTheDocument();
    expect(within(trades).getByText('Total trades')).toBeInTheDocument();
    expect(within(trades).getByText('123,456')).toBeInTheDocument();
    expect(within(screen.getByTestId('stat-currentOpenTrades')).getByText('Total active options')).toBeInTheDocument();
    expect(within(screen.getByTestId('stat-currentOpenTrades')).getByText('98,765')).toBeInTheDocument();
    expect(within(screen.getByTestId('stat-numberTickers')).getByText('Amount of tickers')).toBeInTheDocument();
    expect(within(screen.getByTestId('stat-numberTickers')).getByText('251')).toBeInTheDocument();
  });

  it('shows the server message and a retry button when loading fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        new Response(JSON.stringify({ code: 'unavailable', status: 503, message: 'Statistics are being recalculated.', errors: {} }), {
          status: 503,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderStats();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Statistics are being recalculated.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
