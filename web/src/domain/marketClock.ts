// The market's "now" for the widgets: the server's market time (GET data/next-refresh `marketTime`),
// advanced by the local time elapsed since it was received. Under the demo's replay clock the market
// date is earlier than today's date, so dates (freshness bar, relative expirations) are counted from it.
// The React hook reading it is widgets/shared/useMarketClock.ts.
import { clockAt, type Clock } from './expirations';

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
