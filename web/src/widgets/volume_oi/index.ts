import { lazy } from 'react';
import { dataApi, dataKeys, type VolumeOiRequest, type VolumeOiResponse } from '../../api/data';
import { describeExpirations, validateExpirations } from '../../domain/expirations';
import type { ChartConfiguration } from '../../domain/types';
import { V } from '../../domain/validation';
import type { KindParts } from '../types';
import { joinParts, modeWords, tickerErrors } from '../shared/kindParts';
import { sampleVolumeOi } from './sample';
import { MEASURE_LABELS, volumeOiCsv, type VolumeOiMeasure } from './transform';

const loadRenderer = () => import('./Renderer');

/** The route's parameters for a volume and open interest widget (a strike range in whole percent, 1 to 50). */
export function volumeOiRequest(c: ChartConfiguration): VolumeOiRequest {
  return {
    ticker: c.ticker,
    expirations: c.expirations ?? { option: 'ALL' },
    range: c.strikeRange ? Math.min(50, Math.max(1, Math.round(c.strikeRange))) : null,
    date: c.date ?? null,
  };
}

const volumeOi: KindParts<VolumeOiResponse, ChartConfiguration> = {
  kind: 'volume_oi',
  title: 'Volume and open interest',
  Editor: lazy(() => import('./Editor')),
  Renderer: lazy(loadRenderer),
  preload: loadRenderer,
  queryOptions: (c) => {
    const req = volumeOiRequest(c);
    return { queryKey: dataKeys.widget('volume_oi', req), queryFn: ({ signal }) => dataApi.volumeOi(req, signal) };
  },
  isEmpty: (d) => !d?.strikes?.length,
  sample: () => sampleVolumeOi(),
  expirations: (d) => d?.expirations,
  lastModified: (d) => d?.lastModified,
  defaults: (ticker) => ({ type: 'volume_oi', ticker, greek: 'gamma', chartName: 'VOLUME', expirations: { option: 'ALL' } }),
  validate: (c, ctx) => {
    const errors = tickerErrors(c);
    if (!c.chartName) errors.chartName = V.chartNameRequired;
    if (ctx.availableExpirations) {
      const m = validateExpirations(c.expirations, ctx.availableExpirations, ctx.clock, Boolean(c.date));
      if (m) errors.expirations = m;
    }
    return errors;
  },
  caption: (c) => `${c.ticker} · ${MEASURE_LABELS[(c.chartName ?? 'VOLUME') as VolumeOiMeasure] ?? 'Volume'} by strike`,
  subtitle: (c) =>
    joinParts([
      describeExpirations(c.expirations),
      c.strikeRange ? `Strikes ±${Math.round(c.strikeRange)} % of the price` : '',
      modeWords(c.date),
    ]),
  toCsv: (d) => volumeOiCsv(d),
  needs: ['expirations'],
  eagerErrors: ['expirations'],
  headerExpirations: true,
};
export default volumeOi;
