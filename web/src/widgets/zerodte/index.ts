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
  sample: () => preview<ZeroDteResponse>({ paradigm: 'Positive gamma', target: 5210, lis: [5185, 5195], zerodte_agg_charm: -3.2e8, total_0dte_opt_vol: 1.2e6, lastModified: null }),
  zeroDte: true,
});
