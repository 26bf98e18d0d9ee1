import { dataApi } from '../../api/data';
import { preview } from '../shared/sample';
import { valueKind } from '../shared/valueKind';
import { EOD_DAYS, STRIKE_ROWS, isEmptySummary, type TickerSummaryData } from './transform';

/** The summary with its end-of-day history and largest gamma strikes, for one ticker and date. */
export async function loadTickerSummary(ticker: string, signal: AbortSignal, date?: string | null): Promise<TickerSummaryData> {
  const [summary, eod, gammaStrikes] = await Promise.all([
    dataApi.summary(ticker, signal, date),
    dataApi.eod(ticker, EOD_DAYS, signal, date).catch(() => null),
    dataApi.strikeList(ticker, 'gamma', 'both', STRIKE_ROWS, signal, date).catch(() => null),
  ]);
  return { ...summary, eod, gammaStrikes };
}

export default valueKind<TickerSummaryData>({
  kind: 'ticker',
  title: 'Ticker Summary',
  load: loadTickerSummary,
  loadRenderer: () => import('./Renderer'),
  isEmpty: isEmptySummary,
  csvFields: ['price', 'previousClose', 'vix', 'previousVix', 'notionalVolume', 'vannaStochastic'],
  sample: () => preview<TickerSummaryData>({ price: 5200.25, previousClose: 5180.5, vix: 14.2, previousVix: 14.9, notionalVolume: 2.4e11, vannaStochastic: 0.62, lastModified: null }),
});
