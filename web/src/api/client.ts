// The one HTTP client of the web app. Paths are relative to /api/v1 ('workspaces',
// 'data/volland-exposure'). Errors always surface as ApiRequestError carrying the server's error body
// {code, status, message, errors}.
//
// Session rules (app spec §4 and §8):
// - 'access' calls send the access token; a 401 triggers one refresh (auth/refresh-token) and one retry.
//   When the refresh itself is refused the session has ended: logout with the 'Token Expired' notice.
//   The tabs of the app share the tokens, and a refresh token works once: a refresh runs under a lock
//   held across tabs (see refreshAccessToken), so tabs refreshing at once rotate the token once.
// - 'data' calls send the data token (apiToken). It is obtained from auth/generate-data-api-token when
//   missing or expired; while one renewal runs, every other data request waits for it (one shared
//   promise), then proceeds. A failed renewal is only logged; a 401 on the renewal call logs out.
// - every request times out after 60 s.
import { lastRotation, recordRotation } from './refreshHandoff';
import { clearTokens, getToken, isTokenExpired, setTokens } from './session';

export const API_BASE = '/api/v1';
export const HTTP_TIMEOUT_MS = 60_000;
/** Header that forces a login to override the oldest session (app spec §4). */
export const SESSION_OVERRIDE_HEADER = 'X-Session-Override';
export const SESSION_OVERRIDE_VALUE = 'Force oldest session override';

export type AuthMode = 'access' | 'data' | 'none';
export type QueryValue = string | number | boolean | null | undefined | (string | number)[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  auth?: AuthMode;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: Record<string, unknown>;

  constructor(status: number, code: string, message: string, errors: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.errors = errors;
  }

  /** Field messages of a 422/400 body flattened to `{field: 'first message'}`. */
  fieldErrors(): Record<string, string> {
    return flattenFieldErrors(this.errors);
  }
}

/** A readable sentence from whatever the API client threw. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.message) return error.message;
  return fallback;
}

export function flattenFieldErrors(errors: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      if (!(key in out)) out[key] = value;
    } else if (Array.isArray(value)) {
      value.forEach((v) => visit(v, key));
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        // flask-smorest nests field errors under the location ('json', 'query').
        visit(v, ['json', 'query', 'form', 'headers', 'files'].includes(k) && !key ? '' : k);
      }
    }
  };
  visit(errors, '');
  return out;
}

// ---------------------------------------------------------------- hooks set by the app

type Handler = () => void;
let sessionExpiredHandler: Handler = () => {
  clearTokens();
};
let errorReporter: (error: ApiRequestError, path: string) => void = (error, path) => {
  console.error(`[api] ${path}: ${error.status} ${error.message}`);
};

/** The app installs the logout-with-'Token Expired' flow here (see lib/sessionActions.ts). */
export function setSessionExpiredHandler(handler: Handler): void {
  sessionExpiredHandler = handler;
}

/** Errors worth reporting (500s, 401 on data-token generation) go through this hook. */
export function setErrorReporter(reporter: (error: ApiRequestError, path: string) => void): void {
  errorReporter = reporter;
}

// ---------------------------------------------------------------- URL and fetch

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const clean = path.replace(/^\/+/, '');
  const url = clean.startsWith('http') || clean.startsWith('api/') ? '/' + clean : `${API_BASE}/${clean}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function errorFrom(status: number, body: unknown, statusText: string): ApiRequestError {
  if (body && typeof body === 'object') {
    const b = body as { code?: unknown; message?: unknown; errors?: unknown; status?: unknown };
    return new ApiRequestError(
      status,
      typeof b.code === 'string' ? b.code : `http_${status}`,
      typeof b.message === 'string' && b.message ? b.message : defaultMessage(status, statusText),
      b.errors && typeof b.errors === 'object' ? (b.errors as Record<string, unknown>) : {},
    );
  }
  return new ApiRequestError(status, `http_${status}`, defaultMessage(status, statusText));
}

function defaultMessage(status: number, statusText: string): string {
  if (status >= 500) return 'The server could not complete the request. Please try again later.';
  if (status === 404) return 'The requested resource was not found.';
  if (status === 401) return 'You need to sign in again.';
  return statusText || `The request failed with status ${status}.`;
}

async function rawFetch(url: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, HTTP_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  if (signal) {
    if (signal.aborted) controller.abort();
    else signal.addEventListener('abort', onAbort, { once: true });
  }
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch (err) {
    if (timedOut) throw new ApiRequestError(0, 'timeout', 'The server took too long to answer. Please try again.');
    if (signal?.aborted) throw err; // let react-query see the cancellation as such
    throw new ApiRequestError(0, 'network_error', 'The server could not be reached. Check your connection and try again.');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

async function send(path: string, opts: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...(opts.headers ?? {}) };
  let body: BodyInit | undefined;
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  return rawFetch(buildUrl(path, opts.query), { method: opts.method ?? 'GET', headers, body }, opts.signal);
}

async function finish<T>(path: string, response: Response): Promise<T> {
  const body = await parseBody(response);
  if (!response.ok) {
    const error = errorFrom(response.status, body, response.statusText);
    if (response.status >= 500) errorReporter(error, path);
    throw error;
  }
  return body as T;
}

// ---------------------------------------------------------------- access token refresh

let refreshing: Promise<boolean> | null = null;

/** The Web Locks name every tab of the app refreshes under. */
export const REFRESH_LOCK = 'volland-token-refresh';

/**
 * Runs `task` while holding the cross-tab refresh lock (Web Locks: one holder at a time among the tabs
 * of this origin, released when the task settles or the tab closes). Without Web Locks the task runs
 * at once: the server then answers a second use of the same refresh token within its grace period with
 * the same new token (docs/security.md, "Refresh-token grace").
 */
function underRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks || typeof locks.request !== 'function') return task();
  return locks.request(REFRESH_LOCK, { mode: 'exclusive' }, task) as Promise<T>;
}

/**
 * One refresh at a time in this tab, and one at a time across tabs; resolves true when usable tokens are
 * stored. `refused` is the access token the server refused, when the caller knows it. Tokens another tab
 * stored meanwhile (a rotated refresh token, a newer access token, or the rotation it handed over:
 * refreshHandoff.ts) are used without asking the server.
 */
export function refreshAccessToken(refused?: string | null): Promise<boolean> {
  if (refreshing) return refreshing;
  const presented = getToken('refreshToken');
  if (!presented) return Promise.resolve(false);
  refreshing = underRefreshLock(() => refreshUnlessRotated(presented, refused))
    .catch((err) => {
      console.warn('[api] token refresh failed', err);
      return false;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

async function refreshUnlessRotated(presented: string, refused: string | null | undefined): Promise<boolean> {
  const refreshToken = getToken('refreshToken');
  if (!refreshToken) return false; // signed out meanwhile, in this tab or another
  if (refreshToken !== presented) return true; // another tab rotated it while this one waited
  if (refused !== undefined && getToken('accessToken') !== refused) return true; // ... or before this one asked
  const handed = await lastRotation();
  if (handed && handed.from === refreshToken) {
    // Another tab rotated it and its localStorage writes have not reached this tab yet.
    setTokens({ accessToken: handed.accessToken, refreshToken: handed.refreshToken });
    return true;
  }
  const response = await rawFetch(buildUrl('auth/refresh-token'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ refreshToken }),
  });
  if (!response.ok) return false;
  const data = (await parseBody(response)) as { accessToken?: string; refreshToken?: string } | undefined;
  if (!data?.accessToken) return false;
  const next = { accessToken: data.accessToken, refreshToken: data.refreshToken ?? refreshToken };
  setTokens(next);
  await recordRotation({ from: refreshToken, ...next }); // committed before the lock is released
  return true;
}

// ---------------------------------------------------------------- data token renewal

let renewing: Promise<string | null> | null = null;

/**
 * Obtains a fresh data token from auth/generate-data-api-token and stores it. Concurrent callers share
 * the one renewal. A failed renewal is only logged (resolves null); a 401 ends the session.
 */
export function renewDataToken(): Promise<string | null> {
  if (renewing) return renewing;
  renewing = (async () => {
    try {
      const data = await request<{ dataApiAccessToken?: string }>('auth/generate-data-api-token', {
        method: 'POST',
        auth: 'access',
        expireOn401: true,
      } as InternalOptions);
      const token = data?.dataApiAccessToken ?? null;
      if (token) setTokens({ apiToken: token });
      return token;
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 401) errorReporter(err, 'auth/generate-data-api-token');
      console.warn('[api] data token renewal failed', err);
      return null;
    } finally {
      renewing = null;
    }
  })();
  return renewing;
}

/** The stored data token when still valid (5 s margin), otherwise a renewed one. */
export async function ensureDataToken(): Promise<string | null> {
  if (renewing) return renewing;
  const current = getToken('apiToken');
  if (current && !isTokenExpired(current, Date.now(), 5)) return current;
  return renewDataToken();
}

// ---------------------------------------------------------------- request

interface InternalOptions extends RequestOptions {
  /** A 401 (after a refresh attempt) logs out with the 'Token Expired' notice. */
  expireOn401?: boolean;
}

export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const options = opts as InternalOptions;
  const mode: AuthMode = options.auth ?? 'access';

  if (mode === 'none') {
    return finish<T>(path, await send(path, options, null));
  }

  if (mode === 'data') {
    const token = await ensureDataToken();
    let response = await send(path, options, token);
    if (response.status === 401) {
      // The data token was refused (expired, or the plan changed): renew once and retry.
      const renewed = await renewDataToken();
      if (renewed) response = await send(path, options, renewed);
    }
    return finish<T>(path, response);
  }

  const sent = getToken('accessToken');
  let response = await send(path, options, sent);
  if (response.status === 401 && getToken('refreshToken')) {
    if (await refreshAccessToken(sent)) {
      response = await send(path, options, getToken('accessToken'));
    } else {
      // The refresh token was refused too: the session is over.
      const body = await parseBody(response);
      sessionExpiredHandler();
      throw errorFrom(401, body, response.statusText);
    }
  }
  if (response.status === 401 && options.expireOn401) {
    const body = await parseBody(response);
    sessionExpiredHandler();
    throw errorFrom(401, body, response.statusText);
  }
  return finish<T>(path, response);
}

/** Marks an access-authenticated call whose 401 must end the session (user-LMS and admin calls). */
export function requestExpiring<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return request<T>(path, { ...opts, expireOn401: true } as InternalOptions);
}
