// The market clock of the widgets: the server's market time (GET data/next-refresh, shared with the
// header countdown) advanced by the local time since it arrived (../../domain/marketClock).
import { useQuery } from '@tanstack/react-query';
import { nextRefreshQuery } from '../../api/stats';
import { marketClock } from '../../domain/marketClock';
import type { Clock } from '../../domain/expirations';

export function useMarketClock(): Clock {
  const schedule = useQuery(nextRefreshQuery());
  return marketClock(schedule.data, schedule.dataUpdatedAt, Date.now());
}
