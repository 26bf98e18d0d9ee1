// A ticker a list widget names (key levels, screener) is a link to that ticker: the workspace provides what
// following it means (change the widget's group's ticker, or open an exposure chart) through this context,
// so the widgets know nothing of the workspace. Without a provider (the dialog's preview) it is plain text.
import { createContext, useContext } from 'react';
import { Tooltip } from '../../components/Tooltip';

/** Follows a ticker named by the widget the context was provided for. */
export type OpenTicker = (ticker: string) => void;

export const TickerLinkContext = createContext<OpenTicker | null>(null);

export function TickerLink({ ticker }: { ticker: string }) {
  const open = useContext(TickerLinkContext);
  if (!open) return <>{ticker}</>;
  return (
    <Tooltip content={`Show ${ticker}`}>
      <button type="button" className="ws-ticker-link" data-testid="ticker-link" onClick={() => open(ticker)}>
        {ticker}
      </button>
    </Tooltip>
  );
}
