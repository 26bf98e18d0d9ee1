import { dataApi, type ZeroDteResponse } from '../../api/data';
import { preview } from '../shared/sample';
import { valueKind } from '../shared/valueKind';
import { isEmptyZeroDte } from './transform';

export default valueKind<ZeroDteResponse>({
  kind: 'zerodte',
  title: '0DTE',
  load: dataApi.zeroDte,
  loadRenderer: () => import('./Renderer'),
  isEmpty: isEmptyZeroDte,
  csvFields: ['paradigm', 'target', 'lis', 'currentPrice', 'zerodte_agg_charm', 'total_0dte_opt_vol'],
  sample: () => preview<ZeroDteResponse>({ paradigm: 'GEX-PURE', target: 5210, lis: 5185, targetReason: null, lisReason: null, currentPrice: 5198.5, zerodte_agg_charm: -3.2e8, total_0dte_opt_vol: 1.2e6, lastModified: null }),
  zeroDte: true,
});
