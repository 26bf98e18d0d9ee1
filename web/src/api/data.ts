// Data routes (/api/v1/data/*, data token): response types, a query-key factory and queryOptions.
// Answer types derive from the generated OpenAPI types (./schema.d.ts, `npm run gen:api`).
import { queryOptions } from '@tanstack/react-query';
import { request } from './client';
import type { Expirations, ExposureKind } from '../workspace/types';
import type { components } from './schema';

type S = components['schemas'];

/**
 * The data answers' OpenAPI schemas (generated into ./schema.d.ts) list every field but mark none
 * required; the server always sends each one (null when it cannot be computed), so the client reads
 * them as present. Where a schema is looser than the documented shape (`lis`, `kind`) the narrower
 * documented type is kept. `unit`/`units` (methodology §3.1) stay optional: stored answers and fixtures
 * made before they existed lack them, and the web falls back to its own unit table. `source`/`sourceDelay`
 * stay optional too: test fixtures omit them and only the freshness label reads them (as unknown data).
 */
type Optional = 'unit' | 'units' | 'source' | 'sourceDelay';
type Answer<T> = { [K in Exclude<keyof T, Optional>]-?: Exclude<T[K], undefined> } & Pick<T, Extract<keyof T, Optional>>;

export type ExposurePoint = Answer<Pick<S['ExposurePoint'], 'strike' | 'value'>> & Pick<S['ExposurePoint'], 'call' | 'put'>;

export type ExposureLevels = Answer<S['Levels']>;

/** The 30-day expected move (methodology §4.6), in price points. */
export type ExpectedMove = Answer<S['ExpectedMove']>;

export type ExposureResponse = Omit<Answer<S['ExposureAnswer']>, 'kind' | 'data' | 'levels' | 'lastModified' | 'expectedMove'> & {
  kind: ExposureKind;
  /** Absent in answers made before it existed. */
  expectedMove?: ExpectedMove | null;
  data: ExposurePoint[];
  levels?: ExposureLevels;
  lastModified: string | null;
};

export type TickerSummary = Omit<Answer<S['SummaryAnswer']>, 'lastModified'> & { lastModified: string | null };

export type AggregateResponse = Omit<Answer<S['AggregateAnswer']>, 'lastModified'> & { lastModified: string | null };

export type Candle = Answer<S['Candle']>;

export type CandlesResponse = Omit<Answer<S['CandlesAnswer']>, 'candles' | 'lastModified' | 'frequency'> & {
  candles: Candle[];
  lastModified: string | null;
};

/** The vanna plane (times × strikes) and the IV / greek surfaces (expirations × strikes). */
export type PlaneResponse = Pick<Answer<S['PlaneAnswer']>, 'strikes' | 'z'> &
  Partial<Pick<S['PlaneAnswer'], 'times' | 'currentPrice'>> &
  Partial<Pick<S['SurfaceAnswer'], 'expirations'>> & { lastModified?: string | null };

export type ScatterResponse = Omit<Answer<S['ScatterAnswer']>, 'scatterPoints' | 'currentPoint' | 'lastModified'> & {
  scatterPoints: (Answer<Pick<S['ScatterPoint'], 'x' | 'y'>> & Pick<S['ScatterPoint'], 'date'>)[];
  currentPoint: Answer<S['XY']> | null;
  lastModified?: string | null;
};

export type TrendResponse = Omit<Answer<S['TrendAnswer']>, 'trend' | 'greek' | 'lastModified'> & {
  trend: Answer<S['TrendPoint']>[];
  lastModified: string | null;
};

export type PremiumResponse = Omit<Answer<S['PremiumAnswer']>, 'lastModified'> & { lastModified: string | null };

export type LiquidityResponse = Omit<Answer<S['LiquidityAnswer']>, 'lastModified'> & { lastModified: string | null };

export type ZeroDteResponse = Omit<Answer<S['ZeroDteAnswer']>, 'paradigm' | 'lis' | 'lastModified'> & {
  paradigm: string | null;
  /** One level or a pair (the schema leaves it untyped). */
  lis: number | [number, number] | null;
  lastModified: string | null;
};

export interface ScreenerRequest {
  flag: string;
  length: number;
  superlative: string;
  greek: string;
  timeFrame: string;
  stockPriceRange: { min: number | null; max: number | null };
}

export interface ExposureRequest {
  ticker: string;
  greek: string;
  kind: ExposureKind;
  expirations: Expirations;
  isCumulative: boolean;
  /** 'yyyy-MM-dd HH:mm' New York time: historical data. */
  date?: string | null;
}

/** Query keys. Everything data-related starts with 'data' (the refresh exclusions: app/revalidate.ts). */
export const dataKeys = {
  all: ['data'] as const,
  tickers: (type: 'regular' | '0dte' | 'all') => ['data', 'tickers', type] as const,
  zeroDteTickers: () => ['data', 'zero-dte-tickers'] as const,
  greeks: () => ['data', 'greeks'] as const,
  expirations: (ticker: string, date?: string | null) => ['data', 'expirations', ticker, date ?? null] as const,
  exposure: (req: ExposureRequest) => ['data', 'exposure', req] as const,
  historicalData: (req: ExposureRequest) => ['data', 'historical-data', req] as const,
  historicalDates: (ticker: string) => ['data', 'historical-dates', ticker] as const,
  historicalTimes: (ticker: string, date: string) => ['data', 'historical-times', ticker, date] as const,
  widget: (kind: string, params: unknown) => ['data', 'widget', kind, params] as const,
};

const data = <T>(path: string, query?: Record<string, string | number | undefined | null>, signal?: AbortSignal) =>
  request<T>(`data/${path}`, { auth: 'data', query: query as Record<string, string>, signal });

const post = <T>(path: string, body: unknown, signal?: AbortSignal) =>
  request<T>(`data/${path}`, { method: 'POST', auth: 'data', body, signal });

export const dataApi = {
  tickers: (type: 'regular' | '0dte' | 'all', signal?: AbortSignal) =>
    data<{ tickers: string[] }>('volland-live-api-tickers', { type }, signal),
  zeroDteTickers: (signal?: AbortSignal) => data<{ tickers: string[] }>('zero_dte/tickers', undefined, signal),
  greeks: (signal?: AbortSignal) => data<{ greeks: string[] }>('volland-live-api-greeks', undefined, signal),
  expirations: (ticker: string, date?: string | null, signal?: AbortSignal) =>
    data<{ expirations: string[] }>('volland-live-api-expirations', { ticker, date: date ?? undefined }, signal),
  exposure: (req: ExposureRequest, signal?: AbortSignal) => {
    if (req.date) {
      const { date, ...rest } = req;
      return post<ExposureResponse>('historical/volland-live-api-data', { ...rest, date }, signal);
    }
    const { date: _ignored, ...rest } = req;
    void _ignored;
    return post<ExposureResponse>('volland-exposure', rest, signal);
  },
  zeroDteExposure: (ticker: string, greek: string, signal?: AbortSignal) =>
    data<ExposureResponse>('zero_dte/exposure/volland-live-api-zero-dte', { ticker, greek }, signal),
  summary: (ticker: string, signal?: AbortSignal, date?: string | null) => data<TickerSummary>('volland-live-api-summary', { ticker, date }, signal),
  aggregate: (ticker: string, greek: string, signal?: AbortSignal, date?: string | null) =>
    data<AggregateResponse>('volland-live-api-aggregate-greeks', { ticker, greek, date }, signal),
  candles: (ticker: string, signal?: AbortSignal, date?: string | null) =>
    data<CandlesResponse>('volland-live-api-candles', { ticker, frequency: 10, date }, signal),
  vannaPlane: (ticker: string, signal?: AbortSignal, date?: string | null) => data<PlaneResponse>('volland-live-api-vanna-plane', { ticker, date }, signal),
  ivPlane: (ticker: string, signal?: AbortSignal, date?: string | null) => data<PlaneResponse>('volland-live-api-iv_plane', { ticker, date }, signal),
  greekSurface: (ticker: string, greek: string, kind: ExposureKind, signal?: AbortSignal, date?: string | null) =>
    post<PlaneResponse>('volland-live-api-3d-greeks', date ? { ticker, greek, kind, date } : { ticker, greek, kind }, signal),
  scatter: (ticker: string, signal?: AbortSignal, date?: string | null) => data<ScatterResponse>('volland-live-api-scatterplot', { ticker, date }, signal),
  trend: (ticker: string, greek: string, signal?: AbortSignal, date?: string | null) =>
    data<TrendResponse>('volland-live-api-greek-trend', { ticker, greek, date }, signal),
  premium: (ticker: string, signal?: AbortSignal, date?: string | null) => data<PremiumResponse>('volland-live-api-premium', { ticker, date }, signal),
  liquidity: (ticker: string, signal?: AbortSignal, date?: string | null) =>
    data<LiquidityResponse>('volland-live-api-dealer-liquidity', { ticker, date }, signal),
  zeroDte: (ticker: string, signal?: AbortSignal, date?: string | null) =>
    data<ZeroDteResponse>('zero_dte/volland-live-api-zero-dte', { ticker, date }, signal),
  screener: (req: ScreenerRequest, signal?: AbortSignal) => post<{ results: string[] }>('screener', req, signal),
  historicalDates: (ticker: string, signal?: AbortSignal) =>
    data<{ available_dates: string[] }>('historical/volland-live-api-dates', { ticker }, signal),
  historicalTimes: (ticker: string, date: string, signal?: AbortSignal) =>
    data<{ available_time: string[] }>('historical/volland-live-api-times', { ticker, date }, signal),
};

const HOUR = 60 * 60 * 1000;

export const tickersQuery = (type: 'regular' | '0dte' | 'all' = 'all') =>
  queryOptions({ queryKey: dataKeys.tickers(type), queryFn: ({ signal }) => dataApi.tickers(type, signal).then((r) => r.tickers), staleTime: HOUR });

export const zeroDteTickersQuery = () =>
  queryOptions({ queryKey: dataKeys.zeroDteTickers(), queryFn: ({ signal }) => dataApi.zeroDteTickers(signal).then((r) => r.tickers), staleTime: 5 * 60 * 1000 });

export const expirationsQuery = (ticker: string, date?: string | null) =>
  queryOptions({
    queryKey: dataKeys.expirations(ticker, date),
    queryFn: ({ signal }) => dataApi.expirations(ticker, date, signal).then((r) => r.expirations),
    enabled: Boolean(ticker),
    staleTime: HOUR,
  });

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
