// Session upkeep while signed in (app spec §4):
// - the access-token expiry is checked every 5 s; an expired token is refreshed once, and when that is
//   refused the user is logged out with the 'Token Expired' notice;
// - inside the app the data token is renewed every 20 s while data is in use;
// - when the user's subscriptions differ from those in the data token, the tokens are renewed and the
//   cached data is revalidated 200 ms later (except the excluded keys); the refresh countdown asks for
//   the new tier's schedule at once.
import { identifyUser } from '../lib/analytics';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { decodeToken, getToken, isTokenExpired, useSession } from '../api/session';
import { refreshAccessToken, renewDataToken } from '../api/client';
import { userQuery } from '../api/users';
import { nextRefreshQuery } from '../api/stats';
import { logout } from '../lib/sessionActions';
import { REVALIDATION_DELAY_MS, revalidateData } from '../lib/revalidate';
import { sameSubscriptions } from '../domain/tiers';

export const BASE_TIME_UNIT_MS = 1000;
export const TOKEN_CHECK_INTERVAL_MS = 5 * BASE_TIME_UNIT_MS;
export const DATA_TOKEN_REFRESH_MS = 20_000;

export async function checkAccessToken(now = Date.now()): Promise<'valid' | 'refreshed' | 'expired'> {
  const token = getToken('accessToken');
  if (!token) return 'valid';
  if (!isTokenExpired(token, now)) return 'valid';
  // Every open tab sees the expiry within one check: a tab that finds a newer token stored by another
  // tab uses it (refreshAccessToken).
  if (await refreshAccessToken(token)) return 'refreshed';
  await logout({ expired: true });
  return 'expired';
}

export function SessionManager() {
  const { signedIn, apiToken } = useSession();
  const { pathname } = useLocation();
  const inApp = pathname === '/app' || pathname.startsWith('/app/');
  const client = useQueryClient();
  const user = useQuery({ ...userQuery(), enabled: signedIn });

  useEffect(() => {
    if (!signedIn) return undefined;
    void checkAccessToken();
    const id = window.setInterval(() => void checkAccessToken(), TOKEN_CHECK_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [signedIn]);

  useEffect(() => {
    if (!signedIn || !inApp) return undefined;
    const id = window.setInterval(() => void renewDataToken(), DATA_TOKEN_REFRESH_MS);
    return () => window.clearInterval(id);
  }, [signedIn, inApp]);

  // A configured analytics adapter learns who is signed in (lib/analytics.ts; none by default).
  const userId = user.data?.id;
  useEffect(() => {
    if (signedIn && userId !== undefined) identifyUser(userId);
  }, [signedIn, userId]);

  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!signedIn || !user.data || !apiToken) return;
    const tokenSubs = decodeToken(apiToken)?.subscriptions;
    if (!Array.isArray(tokenSubs)) return;
    if (sameSubscriptions(user.data.subscriptions, tokenSubs)) return;
    const signature = JSON.stringify(user.data.subscriptions.map((s) => s.id).sort());
    if (handled.current === signature) return;
    handled.current = signature;
    void (async () => {
      await refreshAccessToken();
      await renewDataToken();
      // The refresh countdown follows the plan: ask for the new tier's schedule too.
      void client.invalidateQueries({ queryKey: nextRefreshQuery().queryKey });
      window.setTimeout(() => void revalidateData(client), REVALIDATION_DELAY_MS);
    })();
  }, [signedIn, user.data, apiToken, client]);

  return null;
}
