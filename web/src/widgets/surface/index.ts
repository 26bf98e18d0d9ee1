import { lazy } from 'react';
import { dataApi, dataKeys, type PlaneResponse } from '../../api/data';
import type { ChartConfiguration } from '../../domain/types';
import type { SurfaceValue } from '../../api/enums';
import type { KindDef } from '../types';
import { samplePlane } from '../shared/sample';


const loadRenderer = () => import('./Renderer');
export const surfaceKind: KindDef<PlaneResponse> = {
  kind: 'surface',
  title: 'Surfaces',
  type: 'CHART',
  defaultSize: 'S',
  chart: true,
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
};
