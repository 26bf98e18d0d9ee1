import { dataApi, type TickerSummary } from '../../api/data';
import { preview } from '../shared/sample';
import { valueKind } from '../shared/valueKind';
import { isEmptySummary } from './transform';

export default valueKind<TickerSummary>({
  kind: 'ticker',
  title: 'Ticker Summary',
  load: dataApi.summary,
  loadRenderer: () => import('./Renderer'),
  isEmpty: isEmptySummary,
  csvFields: ['price', 'previousClose', 'vix', 'previousVix', 'notionalVolume', 'vannaStochastic'],
  sample: () => preview<TickerSummary>({ price: 5200.25, previousClose: 5180.5, vix: 14.2, previousVix: 14.9, notionalVolume: 2.4e11, vannaStochastic: 0.62, lastModified: null }),
});
