// Product analytics (app spec §4: logout clears the analytics identity). None is configured by default: the
// app sends no analytics anywhere. A deployment that wants one installs an adapter once at start-up
// (`configureAnalytics({ identify, reset })`, e.g. in main.tsx); the app then names the signed-in user to it
// and clears that identity on logout, token expiry included.

export interface AnalyticsAdapter {
  /** Ties what follows to the signed-in user (the user id, never an email). */
  identify: (userId: string) => void;
  /** Forgets the identity, so the next visitor on this browser is anonymous. */
  reset: () => void;
}

let adapter: AnalyticsAdapter | null = null;

/** Installs (or, with null, removes) the analytics adapter. */
export function configureAnalytics(next: AnalyticsAdapter | null): void {
  adapter = next;
}

export function analyticsConfigured(): boolean {
  return adapter !== null;
}

export function identifyUser(userId: string | number): void {
  try {
    adapter?.identify(String(userId));
  } catch (err) {
    console.warn('[analytics] identify failed', err);
  }
}

/** Clears the analytics identity; a failing adapter is only logged (logout goes on). */
export function clearAnalyticsIdentity(): void {
  try {
    adapter?.reset();
  } catch (err) {
    console.warn('[analytics] reset failed', err);
  }
}
