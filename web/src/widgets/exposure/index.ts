import { lazy } from 'react';
import { dataApi, dataKeys, type ExposureRequest, type ExposureResponse } from '../../api/data';
import type { ChartConfiguration } from '../../domain/types';
import type { KindDef } from '../types';
import { sampleExposure } from '../shared/sample';


const loadRenderer = () => import('./Renderer');
export function exposureRequest(c: ChartConfiguration): ExposureRequest {
  return {
    ticker: c.ticker,
    greek: (c.greek ?? 'charm') as ExposureRequest['greek'],
    kind: c.kind ?? 'both',
    expirations: c.expirations ?? { option: 'ALL' as const },
    isCumulative: Boolean(c.isCumulative),
    date: c.date ?? null,
  };
}

export const exposureKind: KindDef<ExposureResponse> = {
  kind: 'exposure',
  title: 'Exposure',
  type: 'CHART',
  defaultSize: 'S',
  chart: true,
  Editor: lazy(() => import('./Editor')),
  Renderer: lazy(loadRenderer),
  preload: loadRenderer,
  queryOptions: (c: ChartConfiguration) => {
    const req = exposureRequest(c);
    return { queryKey: dataKeys.widget('exposure', req), queryFn: ({ signal }) => dataApi.exposure(req, signal) };
  },
  isEmpty: (d) => !d?.data?.length,
  sample: (c: ChartConfiguration) => sampleExposure(c?.greek),
  expirations: (d) => d?.expirations,
  lastModified: (d) => d?.lastModified,
};
