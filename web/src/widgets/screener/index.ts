import { lazy } from 'react';
import { dataApi, dataKeys } from '../../api/data';
import { FLAG_LABELS, GREEK_LABELS, TIMEFRAME_LABELS } from '../../domain/labels';
import { isBasicTier } from '../../domain/tiers';
import type { ScreenerConfiguration } from '../../domain/types';
import { V, validateScreener } from '../../domain/validation';
import type { KindParts } from '../types';
import { screenerCsv, screenerRequest } from './transform';

const SCREENER_DEFAULTS: ScreenerConfiguration = {
  flag: 'norm',
  length: 25,
  superlative: 'least',
  greek: 'gamma',
  timeFrame: 'three_months',
  stockPriceRange: { min: null, max: null },
};

const loadRenderer = () => import('./Renderer');

const screener: KindParts<{ results: string[]; lastModified?: string | null }, ScreenerConfiguration> = {
  kind: 'screener',
  title: 'Screener',
  Editor: lazy(() => import('./Editor')),
  Renderer: lazy(loadRenderer),
  preload: loadRenderer,
  queryOptions: (c) => {
    const req = screenerRequest(c);
    return { queryKey: dataKeys.widget('screener', req), queryFn: ({ signal }) => dataApi.screener(req, signal) };
  },
  isEmpty: (d) => !d?.results?.length,
  // The close of the session whose daily rows are ranked (freshness bar).
  lastModified: (d) => d?.lastModified,
  sample: () => ({ results: ['AAA:2.41', 'BBB:1.87', 'CCC:1.2', 'DDD:-0.94', 'EEE:-1.5'] }),
  // The screener has no ticker: the settings are the whole widget.
  defaults: () => ({ ...SCREENER_DEFAULTS, stockPriceRange: { ...SCREENER_DEFAULTS.stockPriceRange } }),
  validate: (c, ctx) => ({ ...validateScreener(c), ...(isBasicTier(ctx.tier) ? { tier: V.basicScreener } : {}) }),
  caption: (c) => {
    const g = c.greek === 'price' ? 'Price' : GREEK_LABELS[c.greek] ?? c.greek;
    const tf = c.timeFrame;
    return `Screener · ${g} ${FLAG_LABELS[c.flag] ?? c.flag ?? ''} · ${tf ? TIMEFRAME_LABELS[tf] ?? tf : ''}`.replace(/\s+·\s*$/, '');
  },
  subtitle: () => '',
  // Records saved before the rename carry time_frame (the server renames it when it stores a widget).
  migrate: (saved) => {
    const { time_frame: legacy, ...rest } = saved as Partial<ScreenerConfiguration>;
    const timeFrame = rest.timeFrame ?? legacy;
    return (timeFrame === undefined ? rest : { ...rest, timeFrame }) as ScreenerConfiguration;
  },
  eagerErrors: ['min', 'max'],
  toCsv: (d, c) => screenerCsv(d.results, c),
};
export default screener;
