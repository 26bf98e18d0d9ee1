import { render as rtlRender, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AggregateResponse, LiquidityResponse, PremiumResponse, TickerSummary } from '../../api/data';
import { preview } from './sample';
import LiquidityRenderer from '../liquidity/Renderer';
import DealerPremiumRenderer from '../dealer_premium/Renderer';
import TickerRenderer from '../ticker/Renderer';
import AggregateRenderer from '../aggregate/Renderer';
import type { ReactElement, ReactNode } from 'react';
import { ExplainProvider } from '../../components/Explain';
import { dictionaryExplain } from '../../app/explain';

const withEntries = ({ children }: { children: ReactNode }) => <ExplainProvider lookup={dictionaryExplain}>{children}</ExplainProvider>;
const render = (ui: ReactElement) => rtlRender(ui, { wrapper: withEntries });

const size = { width: 400, height: 300 } as const;

describe('"?" beside DADS, DAP, vanna stochastic, dealer premium and aggregate charm', () => {
  it('the liquidity tile explains DADS and DAP', async () => {
    const user = userEvent.setup();
    render(<LiquidityRenderer data={preview<LiquidityResponse>({ deltaAdjustedDealerSpread: 0.12, dayToDayDeltaAdjustedDealerSpread: -0.01, deltaAdjustedDealerPremium: 3e6 })} configuration={{ ticker: 'SPX' } as never} {...size} />);
    await user.click(screen.getByRole('button', { name: 'What is Delta-adjusted dealer spread?' }));
    expect(screen.getByRole('dialog', { name: 'Delta-Adjusted Dealer Spread (DADS)' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'What is Delta-adjusted dealer premium?' }));
    expect(screen.getByRole('dialog', { name: 'Delta-Adjusted Dealer Premium (DAP)' })).toBeInTheDocument();
  });

  it('the dealer premium tile explains dealer premium', () => {
    render(<DealerPremiumRenderer data={preview<PremiumResponse>({ dealerPremium: 1e6, zeroDteDealerPremium: -2e5 })} configuration={{ ticker: 'SPX' } as never} {...size} />);
    expect(screen.getByRole('button', { name: 'What is Dealer premium?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'What is 0DTE dealer premium?' })).toBeInTheDocument();
  });

  it('the ticker summary explains vanna stochastic', async () => {
    const user = userEvent.setup();
    render(<TickerRenderer data={preview<TickerSummary>({ price: 5200, previousClose: 5180, vix: 14, previousVix: 15, notionalVolume: 2e11, vannaStochastic: 0.62 })} configuration={{ ticker: 'SPX' } as never} {...size} />);
    await user.click(screen.getByRole('button', { name: 'What is Vanna stochastic?' }));
    expect(screen.getByRole('dialog', { name: 'Vanna Stochastic' })).toHaveTextContent('−1 to 1');
  });

  it('an aggregate tile explains aggregate charm, and only charm', () => {
    const { unmount } = render(<AggregateRenderer data={preview<AggregateResponse>({ greek: 'charm', aggregate: -3e8 })} configuration={{ ticker: 'SPX', greek: 'charm' } as never} {...size} />);
    expect(screen.getByRole('button', { name: 'What is Aggregate Charm?' })).toBeInTheDocument();
    unmount();
    render(<AggregateRenderer data={preview<AggregateResponse>({ greek: 'gamma', aggregate: 3e8 })} configuration={{ ticker: 'SPX', greek: 'gamma' } as never} {...size} />);
    expect(screen.queryByRole('button', { name: /What is/ })).toBeNull();
  });
});
