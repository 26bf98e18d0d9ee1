import { dataApi } from '../../api/data';
import { preview } from '../shared/sample';
import { valueKind } from '../shared/valueKind';
import { isEmptyZeroDte, type ZeroDtePanelData } from './transform';

/** The panel, the charm balance and the intraday aggregate charm, for one ticker and date. A failing extra
 * leaves its part out; the panel's own failure is the widget's. */
export async function loadZeroDtePanel(ticker: string, signal: AbortSignal, date?: string | null): Promise<ZeroDtePanelData> {
  const [panel, charmBalance, aggCharm] = await Promise.all([
    dataApi.zeroDte(ticker, signal, date),
    dataApi.charmBalance(ticker, signal, date).catch(() => null),
    dataApi.aggCharm(ticker, signal, date).catch(() => null),
  ]);
  return { ...panel, charmBalance, aggCharm };
}

export default valueKind<ZeroDtePanelData>({
  kind: 'zerodte',
  title: '0DTE',
  load: loadZeroDtePanel,
  loadRenderer: () => import('./Renderer'),
  isEmpty: isEmptyZeroDte,
  csvFields: ['paradigm', 'target', 'lis', 'currentPrice', 'zerodte_agg_charm', 'total_0dte_opt_vol'],
  sample: () => preview<ZeroDtePanelData>({ paradigm: 'GEX-PURE', target: 5210, lis: 5185, targetReason: null, lisReason: null, currentPrice: 5198.5, zerodte_agg_charm: -3.2e8, total_0dte_opt_vol: 1.2e6, lastModified: null }),
  zeroDte: true,
});
