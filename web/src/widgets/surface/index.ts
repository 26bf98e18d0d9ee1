import { lazy } from 'react';
import { dataApi, dataKeys, type PlaneResponse } from '../../api/data';
import type { ChartConfiguration } from '../../domain/types';
import type { SurfaceValue } from '../../api/enums';
import type { KindParts } from '../types';
import { DEFAULT_GREEK, greekLabel } from '../../domain/labels';
import { V } from '../../domain/validation';
import { modeWords, tickerErrors } from '../shared/kindParts';
import { samplePlane } from '../shared/sample';
import { surfaceCsv } from './transform';

const loadRenderer = () => import('./Renderer');
const surface: KindParts<PlaneResponse, ChartConfiguration> = {
  kind: 'surface',
  title: 'Surfaces',
  Editor: lazy(() => import('./Editor')),
  Renderer: lazy(loadRenderer),
  preload: loadRenderer,
  queryOptions: (c: ChartConfiguration) => {
    const iv = c.chartName === 'IV_VOLATILITY';
    const params = { ticker: c.ticker, iv, greek: iv ? 'iv' : c.greek ?? 'gamma', kind: c.kind ?? 'both', date: c.date ?? null };
    return {
      queryKey: dataKeys.widget('surface', params),
      queryFn: ({ signal }) => (iv ? dataApi.ivPlane(c.ticker, signal, params.date) : dataApi.greekSurface(c.ticker, params.greek as SurfaceValue, params.kind, signal, params.date)),
    };
  },
  isEmpty: (d) => !d?.strikes?.length || !d?.z?.length,
  sample: () => samplePlane(),
  lastModified: (d) => d?.lastModified,
  defaults: (ticker) => ({ type: 'surface', ticker, greek: DEFAULT_GREEK, kind: 'both', chartName: 'GREEK_VOLATILITY' }),
  validate: (c) => {
    const errors = tickerErrors(c);
    if (c.chartName === 'GREEK_VOLATILITY' && !c.greek) errors.greek = V.greekRequired;
    if (!c.kind) errors.kind = V.kindRequired;
    if (!c.chartName) errors.chartName = V.chartNameRequired;
    return errors;
  },
  caption: (c) => `${c.ticker} · ${c.chartName === 'IV_VOLATILITY' ? 'IV surface' : `${greekLabel(c.greek)} surface`}`,
  subtitle: (c) => modeWords(c.date),
  toCsv: (d, c) => surfaceCsv(d, c.chartName === 'IV_VOLATILITY'),
};
export default surface;
