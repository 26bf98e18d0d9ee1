// Logout flows (app spec §4): calls logout (errors only logged), clears tokens, empties session
// storage and the query cache, clears the analytics identity (when analytics is configured, lib/analytics.ts),
// returns home and reloads. On token expiry the 'Token Expired' notice
// is shown after the reload.
import { logoutCall } from '../api/auth';
import { setSessionExpiredHandler } from '../api/client';
import { queryClient } from './queryClient';
import { clearTokens, getToken } from '../api/session';
import { PENDING_NOTICE_KEY } from './notifications';
import { clearAnalyticsIdentity } from './analytics';

export const TOKEN_EXPIRED_NOTICE = {
  id: 'token-expired',
  type: 'INFO' as const,
  title: 'Token Expired',
  content: 'You were logged out, because your token has expired. Please log in again',
};

/** Replaced in unit tests; a full navigation reloads the app with a clean state. */
export const browser = {
  goHome: () => window.location.assign('/'),
};

let loggingOut = false;

export async function logout(options: { expired?: boolean } = {}): Promise<void> {
  if (loggingOut) return;
  loggingOut = true;
  try {
    if (getToken('accessToken') && !options.expired) {
      try {
        await logoutCall();
      } catch (err) {
        console.warn('[session] logout call failed', err);
      }
    }
    clearTokens();
    try {
      window.sessionStorage.clear();
      if (options.expired) window.sessionStorage.setItem(PENDING_NOTICE_KEY, JSON.stringify(TOKEN_EXPIRED_NOTICE));
    } catch {
      /* storage unavailable */
    }
    queryClient.clear();
    clearAnalyticsIdentity();
    browser.goHome();
  } finally {
    loggingOut = false;
  }
}

export function installSessionExpiredHandler(): void {
  setSessionExpiredHandler(() => {
    void logout({ expired: true });
  });
}
