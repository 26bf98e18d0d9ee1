import { queryOptions } from '@tanstack/react-query';
import { API_BASE, request } from './client';

export interface SiteStats {
  totalTrades: number;
  currentOpenTrades: number;
  numberTickers: number;
}

export interface NextRefresh {
  tier: string | null;
  nextRefresh: string | null;
  lastRefresh: string | null;
  serverTime: string;
  /** Market time on the server's clock (the replay clock maps wall time onto a past session). */
  marketTime?: string;
  /** Market open and no snapshot published for two 5-minute refreshes (docs/design.md, jobs). */
  stalled?: boolean;
  /** Newest snapshot the tier is served: published at or before its cut-off (market time, ISO UTC). */
  lastPublished?: string | null;
  /** Market time the stall began. */
  stalledSince?: string | null;
}

export const statsKeys = {
  all: ['stats'] as const,
  site: () => [...statsKeys.all, 'site'] as const,
  nextRefresh: () => [...statsKeys.all, 'next-refresh'] as const,
  activeSource: () => [...statsKeys.all, 'active-source'] as const,
};

export const siteStatsQuery = () =>
  queryOptions({
    queryKey: statsKeys.site(),
    queryFn: ({ signal }) => request<SiteStats>('public-data/volland-stats', { auth: 'none', signal }),
    staleTime: 5 * 60_000,
  });

/** When the data of the user's tier refreshes next (drives the header countdown). */
export const nextRefreshQuery = () =>
  queryOptions({
    queryKey: statsKeys.nextRefresh(),
    queryFn: ({ signal }) => request<NextRefresh>('data/next-refresh', { auth: 'data', signal }),
    staleTime: Infinity,
  });

/** The active market-data source's id, from a HEAD request of the public statistics route (its
 * X-Data-Source header; null if unknown). */
export const activeSourceQuery = () =>
  queryOptions({
    queryKey: statsKeys.activeSource(),
    queryFn: async ({ signal }) => {
      const r = await fetch(`${API_BASE}/public-data/volland-stats`, { method: 'HEAD', signal });
      return r.ok ? r.headers.get('X-Data-Source') : null;
    },
    staleTime: 5 * 60_000,
  });
