import { lazy } from 'react';
import { dataApi, dataKeys } from '../../api/data';
import type { ScreenerConfiguration } from '../../domain/types';
import type { KindDef } from '../types';
import { screenerRequest } from './transform';


const loadRenderer = () => import('./Renderer');
export const screenerKind: KindDef<{ results: string[] }> = {
  kind: 'screener',
  title: 'Screener',
  type: 'SCREENER',
  defaultSize: 'M',
  chart: false,
  Editor: lazy(() => import('./Editor')),
  Renderer: lazy(loadRenderer),
  preload: loadRenderer,
  queryOptions: (c: ScreenerConfiguration) => {
    const req = screenerRequest(c);
    return { queryKey: dataKeys.widget('screener', req), queryFn: ({ signal }) => dataApi.screener(req, signal) };
  },
  isEmpty: (d) => !d?.results?.length,
  sample: () => ({ results: ['AAA:2.41', 'BBB:1.87', 'CCC:1.2', 'DDD:-0.94', 'EEE:-1.5'] }),
};
