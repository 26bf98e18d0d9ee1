// Google sign-in by redirect (OpenID Connect implicit flow, response_type=id_token): the browser goes to
// Google and comes back to /sign-in with the ID token in the URL fragment, which is sent to
// auth/login/google. No third-party script is loaded, so the page's script policy stays 'self' only.
// A random state (kept in sessionStorage) ties the answer to the request that started it.

export const GOOGLE_AUTH_ENDPOINT = 'https://accounts.google.com/o/oauth2/v2/auth';
const STATE_KEY = 'googleSignIn';

export interface GoogleRequest {
  state: string;
  nonce: string;
  redirectUri: string | null; // where to go after signing in
}

export function googleAuthUrl(clientId: string, origin: string, state: string, nonce: string): string {
  const q = new URLSearchParams({
    client_id: clientId,
    redirect_uri: `${origin}/sign-in`,
    response_type: 'id_token',
    scope: 'openid email profile',
    state,
    nonce,
    prompt: 'select_account',
  });
  return `${GOOGLE_AUTH_ENDPOINT}?${q.toString()}`;
}

/** The ID token in a returning fragment, when its state matches the stored request. */
export function parseGoogleReturn(hash: string, expected: GoogleRequest | null): { idToken: string } | { error: string } | null {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  if (!q.has('id_token') && !q.has('error')) return null;
  if (!expected || q.get('state') !== expected.state) return { error: 'Google sign-in could not be verified. Please try again.' };
  if (q.get('error')) return { error: 'Google sign-in was cancelled.' };
  return { idToken: q.get('id_token') ?? '' };
}

function randomToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function startGoogleSignIn(clientId: string, redirectUri: string | null): string {
  const request: GoogleRequest = { state: randomToken(), nonce: randomToken(), redirectUri };
  window.sessionStorage.setItem(STATE_KEY, JSON.stringify(request));
  return googleAuthUrl(clientId, window.location.origin, request.state, request.nonce);
}

export function takeGoogleRequest(): GoogleRequest | null {
  const raw = window.sessionStorage.getItem(STATE_KEY);
  window.sessionStorage.removeItem(STATE_KEY);
  try {
    return raw ? (JSON.parse(raw) as GoogleRequest) : null;
  } catch {
    return null;
  }
}
