// Countdown to the next data refresh. When it ends, all cached data is refreshed (except the excluded
// keys) and the next refresh time is asked again. The server's clock is authoritative (the demo may
// replay a past session), so the offset between its serverTime and our clock is kept.
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { nextRefreshQuery } from '../api/stats';
import { formatCountdown, msUntilRefresh, nextRefreshTime } from '../domain/refreshSchedule';
import { revalidateData } from '../lib/revalidate';
import type { TierId } from '../domain/tiers';
import { Tooltip } from '../components/Tooltip';

export function RefreshCountdown({ tier }: { tier: TierId }) {
  const client = useQueryClient();
  const schedule = useQuery(nextRefreshQuery());
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);

  const fromServer = msUntilRefresh(schedule.data, schedule.dataUpdatedAt, now);
  const remaining = fromServer ?? nextRefreshTime(tier, new Date(now)).getTime() - now;
  const target = fromServer !== null ? Date.parse(schedule.data!.nextRefresh as string) : now + remaining;
  const ended = remaining <= 0;

  useEffect(() => {
    if (!ended) return;
    void revalidateData(client);
    void client.invalidateQueries({ queryKey: nextRefreshQuery().queryKey });
  }, [ended, client]);

  return (
    <Tooltip content="Time until the data of your plan refreshes">
      <div className="refresh-countdown" tabIndex={0}>
        <span className="refresh-label">Next refresh</span>
        <time className="refresh-time" dateTime={new Date(target).toISOString()} data-testid="refresh-countdown">
          {formatCountdown(remaining)}
        </time>
      </div>
    </Tooltip>
  );
}
