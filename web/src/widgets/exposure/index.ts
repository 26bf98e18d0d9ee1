import { lazy } from 'react';
import { dataApi, dataKeys, type ExposureChangeRequest, type ExposureChangeResponse, type ExposureRequest, type ExposureResponse, type IvVannaResponse } from '../../api/data';
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

/** A chart of the session date's expiration only (a 0DTE chart): the 0DTE routes serve it. */
export function isZeroDteChart(c: ChartConfiguration): boolean {
  return c.expirations?.option === 'TODAY' && !c.compareWith && !c.ivAdjusted;
}

/** Session close applies to a historical chart over all expirations, not cumulative. */
export function usesSessionClose(c: ChartConfiguration): boolean {
  return Boolean(c.sessionClose && c.date && (c.expirations?.option ?? 'ALL') === 'ALL' && !c.isCumulative && !c.compareWith && !c.ivAdjusted);
}

/** IV-adjusted vanna as an exposure answer: its value per strike on the kind's side (all expirations). */
export function ivVannaExposure(a: IvVannaResponse, c: ChartConfiguration): ExposureResponse {
  const kind = c.kind ?? 'both';
  return {
    ticker: c.ticker, greek: 'vanna', kind, isCumulative: false, expirations: [], expectedMove: null,
    levels: { zeroGamma: null, callWall: null, putWall: null }, currentPrice: a.currentPrice, unit: a.unit,
    lastModified: a.lastModified, source: a.source, sourceDelay: a.sourceDelay,
    data: a.data.map((p) => ({ strike: p.strike, value: p.value, call: kind === 'put' ? 0 : p.value, put: kind === 'put' ? p.value : 0 })),
  };
}

/**
 * The data call of an exposure chart (docs/design.md, "Where each data route is shown"): IV-adjusted vanna,
 * the session close (daily exposure), a 0DTE chart (0DTE exposure, or the GET form with tickerType 0dte when
 * cumulative and live, with the paradigm's target and LIS), else the exposure POST (historical route with a date).
 */
export async function loadExposure(c: ChartConfiguration, signal: AbortSignal): Promise<ExposureResponse> {
  const req = exposureRequest(c);
  const greek = req.greek ?? DEFAULT_GREEK;
  const kind = req.kind ?? 'both';
  if (c.ivAdjusted && req.greek === 'vanna') return ivVannaExposure(await dataApi.ivAdjustedVanna(c.ticker, kind, signal, req.date), c);
  if (usesSessionClose(c)) return dataApi.dailyExposure(c.ticker, greek, kind, (req.date ?? '').slice(0, 10), signal);
  if (isZeroDteChart(c) && (!req.isCumulative || !req.date)) {
    const [answer, paradigm] = await Promise.all([
      req.isCumulative
        ? dataApi.exposureGet({ ...req, tickerType: '0dte' }, signal)
        : dataApi.zeroDteExposure(c.ticker, greek, kind, signal, req.date),
      dataApi.paradigm(c.ticker, signal, req.date).catch(() => null),
    ]);
    return paradigm ? { ...answer, paradigm } : answer;
  }
  return dataApi.exposure(req, signal);
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
    // The key is the request; the two source choices that change the answer join it only when on.
    const key = { ...req, ...(c.ivAdjusted && req.greek === 'vanna' ? { ivAdjusted: true } : {}), ...(usesSessionClose(c) ? { sessionClose: true } : {}) };
    return { queryKey: dataKeys.widget('exposure', key), queryFn: ({ signal }) => loadExposure(c, signal) };
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
      c.ivAdjusted && c.greek === 'vanna' ? 'All expirations · IV-adjusted (+10 % IV)' : describeExpirations(c.expirations),
      c.isCumulative ? 'Cumulative' : '',
      c.strikeRange ? `Strikes ±${c.strikeRange} %` : '',
      compareWords(c.compareWith, c.compareTime),
      usesSessionClose(c) ? `Session close ${(c.date ?? '').slice(0, 10)}` : modeWords(c.date),
    ]),
  needs: ['expirations'],
  eagerErrors: ['expirations'],
  headerExpirations: true,
  toCsv: (d, c) => exposureCsv(d, c),
};
export default exposure;
