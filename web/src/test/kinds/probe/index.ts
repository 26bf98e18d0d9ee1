// A fixture kind, registered only by tests: a chart of price levels on a ticker. It is what a new kind's
// folder holds — its parts, defaults, validation, caption and subtitle — and nothing else in the web
// changes for it (its row of the kinds table is PROBE_ROW, standing in for the generated one).
import { lazy } from 'react';
import type { KindParts, KindRow, WidgetKind } from '../../../widgets/types';
import { modeWords, tickerErrors } from '../../../widgets/shared/kindParts';
import { V } from '../../../domain/validation';
import type { ProbeConfiguration, ProbeData } from './transform';

export const PROBE_ROW: KindRow = { type: 'CHART', defaultSize: 'M', chartNames: ['PRICE_LEVELS'] };

const loadRenderer = () => import('./Renderer');

const probe: KindParts<ProbeData, ProbeConfiguration> = {
  kind: 'probe' as WidgetKind,
  title: 'Price Levels',
  Editor: lazy(() => import('./Editor')),
  Renderer: lazy(loadRenderer),
  preload: loadRenderer,
  queryOptions: (c) => ({ queryKey: ['data', 'widget', 'probe', c.ticker], queryFn: async () => ({ levels: [5150, 5200, 5250] }) }),
  isEmpty: (d) => !d.levels.length,
  sample: () => ({ levels: [1, 2, 3] }),
  defaults: (ticker) => ({ type: 'probe', ticker, chartName: 'PRICE_LEVELS' }),
  validate: (c) => ({ ...tickerErrors(c), ...(c.chartName ? {} : { chartName: V.chartNameRequired }) }),
  caption: (c) => `${c.ticker} · Price levels`,
  subtitle: (c) => modeWords(c.date, 'Probe subtitle'),
};
export default probe;
