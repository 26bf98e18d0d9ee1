import { lazy } from 'react';
import { dataApi, dataKeys, type HeatmapRequest, type HeatmapResponse } from '../../api/data';
import { describeExpirations, validateExpirations } from '../../domain/expirations';
import { KIND_NAMES, greekLabel } from '../../domain/labels';
import type { ChartConfiguration } from '../../domain/types';
import { V } from '../../domain/validation';
import type { KindParts } from '../types';
import { joinParts, modeWords, tickerErrors } from '../shared/kindParts';
import { sampleSessionHeatmap } from './sample';

const loadRenderer = () => import('./Renderer');

/** The route's parameters for a heatmap widget (a strike range is sent in whole percent, 1 to 50). */
export function heatmapRequest(c: ChartConfiguration): HeatmapRequest {
  return {
    ticker: c.ticker,
    greek: c.greek ?? 'gamma',
    kind: c.kind ?? 'both',
    expirations: c.expirations ?? { option: 'ALL' },
    range: c.strikeRange ? Math.min(50, Math.max(1, Math.round(c.strikeRange))) : null,
    date: c.date ?? null,
  };
}

const heatmap: KindParts<HeatmapResponse, ChartConfiguration> = {
  kind: 'heatmap',
  title: 'Session heatmap',
  Editor: lazy(() => import('./Editor')),
  Renderer: lazy(loadRenderer),
  preload: loadRenderer,
  queryOptions: (c) => {
    const req = heatmapRequest(c);
    return { queryKey: dataKeys.widget('heatmap', req), queryFn: ({ signal }) => dataApi.heatmap(req, signal) };
  },
  isEmpty: (d) => !d?.times?.length || !d?.strikes?.length,
  sample: (c) => sampleSessionHeatmap(c?.greek ?? 'gamma'),
  expirations: (d) => d?.expirations,
  lastModified: (d) => d?.lastModified,
  defaults: (ticker) => ({ type: 'heatmap', ticker, greek: 'gamma', kind: 'both', expirations: { option: 'ALL' } }),
  validate: (c, ctx) => {
    const errors = tickerErrors(c);
    if (!c.greek) errors.greek = V.greekRequired;
    if (!c.kind) errors.kind = V.kindRequired;
    if (ctx.availableExpirations) {
      const m = validateExpirations(c.expirations, ctx.availableExpirations, ctx.clock, Boolean(c.date));
      if (m) errors.expirations = m;
    }
    return errors;
  },
  caption: (c) => `${c.ticker} · ${greekLabel(c.greek ?? 'gamma')} heatmap`,
  subtitle: (c) =>
    joinParts([
      KIND_NAMES[c.kind ?? 'both'] ?? c.kind ?? '',
      describeExpirations(c.expirations),
      c.strikeRange ? `Strikes ±${Math.round(c.strikeRange)} % of the session's range` : '',
      modeWords(c.date),
    ]),
  needs: ['expirations'],
  eagerErrors: ['expirations'],
  headerExpirations: true,
};
export default heatmap;
