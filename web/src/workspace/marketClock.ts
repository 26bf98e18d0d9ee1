// The market's "now" for the widgets: the server's market time (GET data/next-refresh `marketTime`),
// advanced by the local time elapsed since it was received. Under the demo's replay clock the market
// date is earlier than today's date, so dates (freshness bar, relative expirations) are counted from it.
import { useQuery } from '@tanstack/react-query';
import { nextRefreshQuery } from '../api/stats';
import { clockAt, type Clock } from '../domain/expirations';

export interface MarketTimeAnswer {
  marketTime?: string | null;
  serverTime?: string | null;
}

/** The market instant now, from the server's answer received at `receivedAtLocalMs` (local clock). */
export function marketNow(answer: MarketTimeAnswer | undefined, receivedAtLocalMs: number, nowLocalMs: number): Date {
  const market = answer?.marketTime ? Date.parse(answer.marketTime) : NaN;
  if (!Number.isFinite(market) || !receivedAtLocalMs) return new Date(nowLocalMs);
  return new Date(market + (nowLocalMs - receivedAtLocalMs));
}

/** The New York date and time of the market clock (falls back to the local clock until the answer). */
export function marketClock(answer: MarketTimeAnswer | undefined, receivedAtLocalMs: number, nowLocalMs: number): Clock {
  return clockAt(marketNow(answer, receivedAtLocalMs, nowLocalMs));
}

export function useMarketClock(): Clock {
  const schedule = useQuery(nextRefreshQuery());
  return marketClock(schedule.data, schedule.dataUpdatedAt, Date.now());
}
