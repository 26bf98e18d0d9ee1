// Where the app sends a user around sign-in (app spec §2, §6): the same-site redirectUri rule and the
// target of a sign-in in progress. The route guards using them are app/guards.tsx.

/** A redirectUri is honoured only when it is a same-site path (never '//host' or a full URL). */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

export function signInPath(redirectUri: string): string {
  return `/sign-in?redirectUri=${encodeURIComponent(redirectUri)}`;
}

// Where a just-completed sign-in (or sign-up) is heading. The auth page navigates there itself, but the
// guard around it re-renders as soon as the tokens are stored and must not send the user elsewhere;
// the target is honoured only for a few seconds so a later visit to an auth page goes home as usual.
const POST_LOGIN_TTL_MS = 10_000;
let postLoginTarget: { path: string; at: number } | null = null;

/** Set by the sign-in and sign-up pages just before the tokens are stored. */
export function setPostLoginTarget(path: string | null): void {
  postLoginTarget = path ? { path, at: Date.now() } : null;
}

export function currentPostLoginTarget(now = Date.now()): string | null {
  return postLoginTarget && now - postLoginTarget.at < POST_LOGIN_TTL_MS ? postLoginTarget.path : null;
}
