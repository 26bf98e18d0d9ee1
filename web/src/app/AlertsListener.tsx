// In-app alerts: while signed in with an active alert rule, follow the alert stream and show each new alert as a notification
// (app spec: one at a time, a duplicate id ignored); the alert lists are refreshed too. The stream
// starts after the newest alert already fired, and a reconnect resumes after the last one received.
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { alertKeys, followAlerts, recordLine, scorecardPath } from '../api/alerts';
import { request } from '../api/client';
import { useSession } from '../api/session';
import { userQuery } from '../api/users';
import { useNotify } from '../lib/notifications';
import type { AlertFiring } from '../api/alerts';

export function AlertsListener() {
  const { signedIn } = useSession();
  const notify = useNotify();
  const client = useQueryClient();
  // Only a user with an active rule can receive alerts: nobody else keeps a stream open. The profile
  // (already loaded on every signed-in page) says how many rules are active.
  const user = useQuery({ ...userQuery(), enabled: signedIn });
  const active = signedIn && (user.data?.activeAlertRules ?? 0) > 0;

  useEffect(() => {
    if (!active) return undefined;
    const stop = new AbortController();
    void (async () => {
      let after = 0;
      try {
        const latest = await request<AlertFiring[]>('alerts/firings', { query: { limit: 1 }, signal: stop.signal });
        after = latest[0]?.id ?? 0;
      } catch {
        if (stop.signal.aborted) return;
      }
      await followAlerts((a) => {
        notify({ id: `alert-${a.id}`, type: 'INFO', title: a.title, content: `${a.message}${recordLine(a.payload)}`, delay: 12_000,
          link: { to: scorecardPath(a.ticker), label: `${a.ticker} levels scorecard` } });
        void client.invalidateQueries({ queryKey: alertKeys.all });
      }, stop.signal, after);
    })();
    return () => stop.abort();
  }, [active, notify, client]);

  return null;
}
