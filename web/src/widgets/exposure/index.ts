import { lazy } from 'react';
import { dataApi, dataKeys, type ExposureChangeRequest, type ExposureChangeResponse, type ExposureRequest, type ExposureResponse } from '../../api/data';
import { describeExpirations, validateExpirations } from '../../domain/expirations';
import { DEFAULT_GREEK, KIND_NAMES, greekLabel } from '../../domain/labels';
import type { ChartConfiguration } from '../../domain/types';
import { V } from '../../domain/validation';
import type { KindParts } from '../types';
import { joinParts, modeWords, tickerErrors } from '../shared/kindParts';
import { sampleExposure } from '../shared/sample';
import { compareWords } from './compare';
import { exposureCsv } from './transform';

const loadRenderer = () => import('./Renderer');
/** The editor's message when 'Chosen time' lacks its date and time (the server's sentence). */
export const COMPARE_TIME_REQUIRED = 'Choose the date and time to compare with.';
export function exposureRequest(c: ChartConfiguration): ExposureRequest {
  return {
    ticker: c.ticker,
    greek: (c.greek ?? DEFAULT_GREEK) as ExposureRequest['greek'],
    kind: c.kind ?? 'both',
    expirations: c.expirations ?? { option: 'ALL' as const },
    isCumulative: Boolean(c.isCumulative),
    date: c.date ?? null,
  };
}

/** The what-changed request of a chart set to compare (null when it is not). */
export function exposureChangeRequest(c: ChartConfiguration): ExposureChangeRequest | null {
  if (!c.compareWith) return null;
  const { date, ...rest } = exposureRequest(c);
  return {
    ...rest,
    ...(date ? { date } : {}),
    compareWith: c.compareWith,
    ...(c.compareWith === 'time' ? { compareTime: c.compareTime ?? null } : {}),
    profiles: Boolean(c.compareOverlay),
  };
}

const exposure: KindParts<ExposureResponse | ExposureChangeResponse, ChartConfiguration> = {
  kind: 'exposure',
  title: 'Exposure',
  Editor: lazy(() => import('./Editor')),
  Renderer: lazy(loadRenderer),
  preload: loadRenderer,
  queryOptions: (c) => {
    const change = exposureChangeRequest(c);
    if (change) return { queryKey: dataKeys.widget('exposure-change', change), queryFn: ({ signal }) => dataApi.exposureChange(change, signal) };
    const req = exposureRequest(c);
    return { queryKey: dataKeys.widget('exposure', req), queryFn: ({ signal }) => dataApi.exposure(req, signal) };
  },
  isEmpty: (d) => !d?.data?.length,
  sample: (c) => sampleExposure(c?.greek),
  expirations: (d) => d?.expirations,
  lastModified: (d) => d?.lastModified,
  defaults: (ticker) => ({ type: 'exposure', ticker, greek: DEFAULT_GREEK, kind: 'both', expirations: { option: 'ALL' }, isCumulative: false }),
  validate: (c, ctx) => {
    const errors = tickerErrors(c);
    if (!c.greek) errors.greek = V.greekRequired;
    if (!c.kind) errors.kind = V.kindRequired;
    if (c.compareWith === 'time' && !c.compareTime) errors.compareTime = COMPARE_TIME_REQUIRED;
    if (ctx.availableExpirations) {
      const m = validateExpirations(c.expirations, ctx.availableExpirations, ctx.clock, Boolean(c.date));
      if (m) errors.expirations = m;
    }
    return errors;
  },
  caption: (c) => `${c.ticker} · ${greekLabel(c.greek)} exposure${c.compareWith ? ' change' : ''}${c.isCumulative ? ' (cumulative)' : ''}`,
  subtitle: (c) =>
    joinParts([
      KIND_NAMES[c.kind ?? 'both'] ?? c.kind ?? '',
      describeExpirations(c.expirations),
      c.isCumulative ? 'Cumulative' : '',
      c.strikeRange ? `Strikes ±${c.strikeRange} %` : '',
      compareWords(c.compareWith, c.compareTime),
      modeWords(c.date),
    ]),
  needs: ['expirations'],
  eagerErrors: ['expirations'],
  headerExpirations: true,
  toCsv: (d, c) => exposureCsv(d, c),
};
export default exposure;
