// Data routes (/api/v1/data/*, data token): response types, a query-key factory and queryOptions.
// Answer types derive from the generated OpenAPI types (./schema.d.ts, `npm run gen:api`).
import { queryOptions } from '@tanstack/react-query';
import { request } from './client';
import type { Kind, TickerType } from './enums';
import type { components } from './schema';

type S = components['schemas'];

// The answers and requests are the backend's schemas (generated into ./schema.d.ts, `npm run gen:api`):
// every field the server always sends is required there, null where it can be null.
export type ExposurePoint = S['ExposurePoint'];
export type ExposureLevels = S['Levels'];
/** The 30-day expected move (methodology §4.6), in price points. */
export type ExpectedMove = S['ExpectedMove'];
/** An exposure answer; a 0DTE chart's also carries the 0DTE paradigm (target and LIS drawn as lines). */
export type ExposureResponse = S['ExposureAnswer'] & { paradigm?: S['ParadigmAnswer'] | null };
export type TickerSummary = S['SummaryAnswer'];
export type AggregateResponse = S['AggregateAnswer'];
export type Candle = S['Candle'];
export type CandlesResponse = S['CandlesAnswer'];
/** One chart reads the vanna plane (times × strikes) and the IV / greek surfaces (expirations × strikes). */
export type PlaneResponse = Pick<S['PlaneAnswer'], 'strikes' | 'z'> & Partial<Omit<S['PlaneAnswer'], 'strikes' | 'z'>> &
  Partial<Omit<S['SurfaceAnswer'], keyof S['PlaneAnswer']>>;
export type ScatterResponse = S['ScatterAnswer'];
export type TrendResponse = S['TrendAnswer'];
export type PremiumResponse = S['PremiumAnswer'];
export type LiquidityResponse = S['LiquidityAnswer'];
export type ZeroDteResponse = S['ZeroDteAnswer'];
export type ParadigmResponse = S['ParadigmAnswer'];
export type CharmBalanceResponse = S['CharmBalanceAnswer'];
export type AggCharmResponse = S['AggCharmAnswer'];
export type EodResponse = S['EodAnswer'];
export type StrikeListResponse = S['StrikeListAnswer'];
export type IvVannaResponse = S['IvVannaAnswer'];
export type DailyExposureResponse = S['DailyExposureAnswer'];
export type ScreenerRequest = S['ScreenerBody'];
export type ScreenerResponse = S['ScreenerAnswer'];
export type KeyLevelsResponse = S['KeyLevelsAnswer'];
export type KeyLevelsRow = S['KeyLevelsRow'];
/** The volatility views (methodology §4.17–§4.19). */
export type TermStructureResponse = S['TermStructureAnswer'];
export type SkewResponse = S['SkewAnswer'];
export type IvRankResponse = S['IvRankAnswer'];
/** The session heatmap (methodology §4.11): one greek by (snapshot time, strike) over a session. */
export type HeatmapResponse = S['HeatmapAnswer'];
/** A heatmap request: the exposure chart's selection, a strike range in whole percent (null: the server's), a date when historical. */
export interface HeatmapRequest {
  ticker: string;
  greek: string;
  kind: Kind;
  expirations: ExposureRequest['expirations'];
  range: number | null;
  date: string | null;
}
/** Volume and open interest by strike (methodology §4.14). */
export type VolumeOiResponse = S['VolumeOiAnswer'];
/** Put/call balance by 5-minute bucket, the previous session beside (methodology §4.15). */
export type PutCallResponse = S['BalanceAnswer'];
export type PutCallSession = S['BalanceSession'];
/** One page of the classified prints tape (methodology §4.16). */
export type PrintsResponse = S['TapeAnswer'];
export type TapePrint = S['TapePrint'];
export interface VolumeOiRequest {
  ticker: string;
  expirations: ExposureRequest['expirations'];
  range: number | null;
  date: string | null;
}
export interface PrintsRequest {
  ticker: string;
  expirations: ExposureRequest['expirations'] | null;
  minPremium: number;
  side: 'all' | 'buy' | 'sell' | 'unclassified';
  sort: 'premium' | 'time';
  page: number;
  pageSize: number;
  date: string | null;
}
/** Price and levels (methodology §4.12): 5-minute candles and the levels at each snapshot. */
export type PriceLevelsResponse = S['PriceLevelsAnswer'];
export type PriceLevelsRequest = S['PriceLevelsBody'];
/** An exposure request; with ``date`` ('yyyy-MM-dd HH:mm' New York time) it asks for historical data. */
export type ExposureRequest = S['ExposureBody'] & { date?: string | null };
/** What changed: an exposure request plus the earlier snapshot it is compared with (methodology §4.10). */
export type ExposureChangeRequest = S['ExposureChangeBody'];
/** The exposure answer of 'now' whose points are the differences now − then, with both times. */
export type ExposureChangeResponse = S['ExposureChangeAnswer'];

/** Query keys. Everything data-related starts with 'data' (the refresh exclusions: lib/revalidate.ts). */
export const dataKeys = {
  tickers: (type: TickerType) => ['data', 'tickers', type] as const,
  /** Today's 0DTE list, or the list of the session `day` (a historical widget's). */
  zeroDteTickers: (day?: string | null) => ['data', 'zero-dte-tickers', day ?? null] as const,
  /** A null ticker is a mixed widget group: `tickers` are its members (the union of their expirations). */
  expirations: (ticker: string | null, date?: string | null, tickers?: readonly string[]) =>
    ['data', 'expirations', ticker, date ?? null, ...(ticker === null ? [tickers ?? []] : [])] as const,
  historicalDates: (ticker: string) => ['data', 'historical-dates', ticker] as const,
  greeks: () => ['data', 'greeks'] as const,
  historicalTimes: (ticker: string, date: string) => ['data', 'historical-times', ticker, date] as const,
  widget: (kind: string, params: unknown) => ['data', 'widget', kind, params] as const,
};

const data = <T>(path: string, query?: Record<string, string | number | undefined | null>, signal?: AbortSignal) =>
  request<T>(`data/${path}`, { auth: 'data', query: query as Record<string, string>, signal });

const post = <T>(path: string, body: unknown, signal?: AbortSignal) =>
  request<T>(`data/${path}`, { method: 'POST', auth: 'data', body, signal });

export const dataApi = {
  tickers: (type: TickerType, signal?: AbortSignal) =>
    data<S['TickersAnswer']>('volland-live-api-tickers', { type }, signal),
  zeroDteTickers: (signal?: AbortSignal, day?: string | null) => data<S['TickersAnswer']>('zero_dte/tickers', { date: day || undefined }, signal),
  /** Expirations of a ticker; of a mixed group (the spec's null ticker) the union over `tickers`, or the
   * generic index expirations without them. */
  expirations: (ticker: string | null, date?: string | null, signal?: AbortSignal, tickers?: readonly string[]) =>
    data<S['ExpirationsAnswer']>('volland-live-api-expirations', {
      ticker: ticker ?? undefined,
      tickers: ticker === null && tickers?.length ? tickers.join(',') : undefined,
      date: date ?? undefined,
    }, signal),
  exposure: (req: ExposureRequest, signal?: AbortSignal) => {
    if (req.date) {
      const { date, ...rest } = req;
      return post<ExposureResponse>('historical/volland-live-api-data', { ...rest, date }, signal);
    }
    const { date: _ignored, ...rest } = req;
    void _ignored;
    return post<ExposureResponse>('volland-exposure', rest, signal);
  },
  exposureChange: (req: ExposureChangeRequest, signal?: AbortSignal) => post<ExposureChangeResponse>('volland-exposure-change', req, signal),
  summary: (ticker: string, signal?: AbortSignal, date?: string | null) => data<TickerSummary>('volland-live-api-summary', { ticker, date }, signal),
  aggregate: (ticker: string, greek: string, signal?: AbortSignal, date?: string | null) =>
    data<AggregateResponse>('volland-live-api-aggregate-greeks', { ticker, greek, date }, signal),
  candles: (ticker: string, signal?: AbortSignal, date?: string | null) =>
    data<CandlesResponse>('volland-live-api-candles', { ticker, frequency: 10, date }, signal),
  vannaPlane: (ticker: string, signal?: AbortSignal, date?: string | null) => data<PlaneResponse>('volland-live-api-vanna-plane', { ticker, date }, signal),
  ivPlane: (ticker: string, signal?: AbortSignal, date?: string | null) => data<PlaneResponse>('volland-live-api-iv_plane', { ticker, date }, signal),
  greekSurface: (ticker: string, greek: S['SurfaceBody']['greek'], kind: Kind, signal?: AbortSignal, date?: string | null) =>
    post<PlaneResponse>('volland-live-api-3d-greeks', date ? { ticker, greek, kind, date } : { ticker, greek, kind }, signal),
  scatter: (ticker: string, signal?: AbortSignal, date?: string | null) => data<ScatterResponse>('volland-live-api-scatterplot', { ticker, date }, signal),
  trend: (ticker: string, greek: string, signal?: AbortSignal, date?: string | null) =>
    data<TrendResponse>('volland-live-api-greek-trend', { ticker, greek, date }, signal),
  premium: (ticker: string, signal?: AbortSignal, date?: string | null) => data<PremiumResponse>('volland-live-api-premium', { ticker, date }, signal),
  liquidity: (ticker: string, signal?: AbortSignal, date?: string | null) =>
    data<LiquidityResponse>('volland-live-api-dealer-liquidity', { ticker, date }, signal),
  zeroDte: (ticker: string, signal?: AbortSignal, date?: string | null) =>
    data<ZeroDteResponse>('zero_dte/volland-live-api-zero-dte', { ticker, date }, signal),
  /** The greeks every exposure route accepts (the greek selects' options). */
  greeks: (signal?: AbortSignal) => data<S['GreeksAnswer']>('volland-live-api-greeks', undefined, signal),
  /** Live exposure in the query-string form; `tickerType: '0dte'` keeps the session date's expiration only. */
  exposureGet: (req: Omit<ExposureRequest, 'date'> & { tickerType?: TickerType }, signal?: AbortSignal) => {
    const e = req.expirations ?? { option: 'ALL' as const };
    return data<ExposureResponse>('volland-live-api-exposure', {
      ticker: req.ticker, greek: req.greek, kind: req.kind, expirations: e.option,
      dates: e.dates?.length ? e.dates.join(',') : undefined, from: e.from ?? undefined, to: e.to ?? undefined,
      isCumulative: req.isCumulative ? 'true' : undefined, tickerType: req.tickerType,
    }, signal);
  },
  /** Exposure over all expirations at the last snapshot of a session (the 'Session close' time). */
  dailyExposure: (ticker: string, greek: string, kind: Kind, day: string | null, signal?: AbortSignal) =>
    data<DailyExposureResponse>('volland-api-daily-exposure', { ticker, greek, kind, date: day }, signal),
  /** Vanna by strike scaled to a +10 % relative move of each strike's implied volatility (all expirations). */
  ivAdjustedVanna: (ticker: string, kind: Kind, signal?: AbortSignal, date?: string | null) =>
    data<IvVannaResponse>('volland-live-api-iv-adjusted-vanna', { ticker, kind, date }, signal),
  /** The strikes with the largest absolute exposure, largest first. */
  strikeList: (ticker: string, greek: string, kind: Kind, limit: number, signal?: AbortSignal, date?: string | null) =>
    data<StrikeListResponse>('volland-live-api-ges_strike_list', { ticker, greek, kind, limit, date }, signal),
  /** End-of-day closes, VIX closes and aggregates for the last `days` calendar days. */
  eod: (ticker: string, days: number, signal?: AbortSignal, date?: string | null) =>
    data<EodResponse>('volland-live-api-eod', { ticker, days, date }, signal),
  /** Aggregate charm (all expirations and 0DTE) now and through the session so far. */
  aggCharm: (ticker: string, signal?: AbortSignal, date?: string | null) =>
    data<AggCharmResponse>('volland-live-api-agg_charm', { ticker, date }, signal),
  /** Exposure of the session date's expiration only (a 0DTE ticker). */
  zeroDteExposure: (ticker: string, greek: string, kind: Kind, signal?: AbortSignal, date?: string | null) =>
    data<ExposureResponse>('zero_dte/exposure/volland-live-api-zero-dte', { ticker, greek, kind, date }, signal),
  /** The 0DTE paradigm with its target and lines in the sand. */
  paradigm: (ticker: string, signal?: AbortSignal, date?: string | null) =>
    data<ParadigmResponse>('zero_dte/volland-live-api-paradigm', { ticker, date }, signal),
  /** 0DTE charm by strike and its total. */
  charmBalance: (ticker: string, signal?: AbortSignal, date?: string | null) =>
    data<CharmBalanceResponse>('zero_dte/volland-live-api-charm-balance', { ticker, date }, signal),
  screener: (req: ScreenerRequest, signal?: AbortSignal) => post<ScreenerResponse>('screener', req, signal),
  keyLevels: (tickers: readonly string[], signal?: AbortSignal, date?: string | null) =>
    data<KeyLevelsResponse>('key-levels', { tickers: tickers.join(','), date }, signal),
  heatmap: (req: HeatmapRequest, signal?: AbortSignal) => {
    const e = req.expirations ?? { option: 'ALL' as const };
    return data<HeatmapResponse>('volland-live-api-heatmap', {
      ticker: req.ticker, greek: req.greek, kind: req.kind, expirations: e.option, dates: e.dates?.length ? e.dates.join(',') : undefined,
      from: e.from ?? undefined, to: e.to ?? undefined, range: req.range ?? undefined, date: req.date ?? undefined,
    }, signal);
  },
  volumeOi: (req: VolumeOiRequest, signal?: AbortSignal) => {
    const e = req.expirations ?? { option: 'ALL' as const };
    return data<VolumeOiResponse>('volland-live-api-volume-oi', {
      ticker: req.ticker, expirations: e.option, dates: e.dates?.length ? e.dates.join(',') : undefined,
      from: e.from ?? undefined, to: e.to ?? undefined, range: req.range ?? undefined, date: req.date ?? undefined,
    }, signal);
  },
  putCall: (ticker: string, signal?: AbortSignal, date?: string | null) => data<PutCallResponse>('volland-live-api-put-call', { ticker, date }, signal),
  prints: (req: PrintsRequest, signal?: AbortSignal) => {
    const e = req.expirations ?? { option: 'ALL' as const };
    return data<PrintsResponse>('volland-live-api-prints', {
      ticker: req.ticker, expirations: e.option, dates: e.dates?.length ? e.dates.join(',') : undefined,
      from: e.from ?? undefined, to: e.to ?? undefined, minPremium: req.minPremium || undefined,
      side: req.side, sort: req.sort, page: req.page, pageSize: req.pageSize, date: req.date ?? undefined,
    }, signal);
  },
  termStructure: (ticker: string, signal?: AbortSignal, date?: string | null) =>
    data<TermStructureResponse>('volland-vol-term-structure', { ticker, date }, signal),
  skew: (ticker: string, expiration: string | null, signal?: AbortSignal, date?: string | null) =>
    data<SkewResponse>('volland-vol-skew', { ticker, expiration: expiration ?? undefined, date }, signal),
  ivRank: (ticker: string, signal?: AbortSignal, date?: string | null) => data<IvRankResponse>('volland-vol-iv-rank', { ticker, date }, signal),
  priceLevels: (req: PriceLevelsRequest, signal?: AbortSignal) => post<PriceLevelsResponse>('volland-price-levels', req, signal),
  historicalDates: (ticker: string, signal?: AbortSignal) =>
    data<S['DatesAnswer']>('historical/volland-live-api-dates', { ticker }, signal),
  historicalTimes: (ticker: string, date: string, signal?: AbortSignal) =>
    data<S['TimesAnswer']>('historical/volland-live-api-times', { ticker, date }, signal),
};

const HOUR = 60 * 60 * 1000;

export const tickersQuery = (type: TickerType = 'all') =>
  queryOptions({ queryKey: dataKeys.tickers(type), queryFn: ({ signal }) => dataApi.tickers(type, signal).then((r) => r.tickers), staleTime: HOUR });

/** The 0DTE list: today's, or with `date` ('yyyy-MM-dd', or a widget's 'yyyy-MM-dd HH:mm') that session's. */
export const zeroDteTickersQuery = (date?: string | null) => {
  const day = date ? date.slice(0, 10) : null;
  return queryOptions({ queryKey: dataKeys.zeroDteTickers(day), queryFn: ({ signal }) => dataApi.zeroDteTickers(signal, day).then((r) => r.tickers), staleTime: 5 * 60 * 1000 });
};

export const expirationsQuery = (ticker: string | null, date?: string | null, tickers?: readonly string[]) =>
  queryOptions({
    queryKey: dataKeys.expirations(ticker, date, tickers),
    queryFn: ({ signal }) => dataApi.expirations(ticker, date, signal, tickers).then((r) => r.expirations),
    enabled: ticker === null || Boolean(ticker),
    staleTime: HOUR,
  });

export const greeksQuery = () =>
  queryOptions({ queryKey: dataKeys.greeks(), queryFn: ({ signal }) => dataApi.greeks(signal).then((r) => r.greeks), staleTime: Infinity });

export const historicalDatesQuery = (ticker: string) =>
  queryOptions({
    queryKey: dataKeys.historicalDates(ticker),
    queryFn: ({ signal }) => dataApi.historicalDates(ticker, signal).then((r) => r.available_dates),
    enabled: Boolean(ticker),
    staleTime: HOUR,
  });

export const historicalTimesQuery = (ticker: string, date: string | null) =>
  queryOptions({
    queryKey: dataKeys.historicalTimes(ticker, date ?? ''),
    queryFn: ({ signal }) => dataApi.historicalTimes(ticker, date as string, signal).then((r) => r.available_time),
    enabled: Boolean(ticker && date),
    staleTime: HOUR,
  });
