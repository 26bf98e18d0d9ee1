// Session values kept in localStorage under the spec's keys (app spec §3): accessToken, refreshToken,
// apiToken. A tiny external store so React components can subscribe with useSyncExternalStore.
import { useSyncExternalStore } from 'react';
import { forgetRotation } from './refreshHandoff';

export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  apiToken: 'apiToken',
  themeMode: 'themeMode',
  referral: 'referral',
} as const;

export type TokenName = 'accessToken' | 'refreshToken' | 'apiToken';

const listeners = new Set<() => void>();
let version = 0;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode quotas); the in-memory session still works for this page.
  }
}

function emit(): void {
  version += 1;
  listeners.forEach((l) => l());
}

export function getToken(name: TokenName): string | null {
  return read(STORAGE_KEYS[name]);
}

export function setTokens(tokens: Partial<Record<TokenName, string | null>>): void {
  for (const [name, value] of Object.entries(tokens) as [TokenName, string | null | undefined][]) {
    if (value === undefined) continue;
    write(STORAGE_KEYS[name], value);
  }
  emit();
}

export function clearTokens(): void {
  write(STORAGE_KEYS.accessToken, null);
  write(STORAGE_KEYS.refreshToken, null);
  write(STORAGE_KEYS.apiToken, null);
  void forgetRotation(); // the hand-over between tabs holds the same tokens (refreshHandoff.ts)
  emit();
}

/** Signed in requires both an access token and a refresh token (app spec §4). */
export function isSignedIn(): boolean {
  return Boolean(getToken('accessToken') && getToken('refreshToken'));
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(e.key)) emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export interface SessionSnapshot {
  accessToken: string | null;
  refreshToken: string | null;
  apiToken: string | null;
  signedIn: boolean;
}

let cached: { version: number; snap: SessionSnapshot } | null = null;

export function getSessionSnapshot(): SessionSnapshot {
  if (cached && cached.version === version) {
    // Tokens may also change in another tab without our emit; compare cheaply.
    const a = getToken('accessToken');
    if (a === cached.snap.accessToken && getToken('apiToken') === cached.snap.apiToken && getToken('refreshToken') === cached.snap.refreshToken) {
      return cached.snap;
    }
  }
  const accessToken = getToken('accessToken');
  const refreshToken = getToken('refreshToken');
  const apiToken = getToken('apiToken');
  const snap = { accessToken, refreshToken, apiToken, signedIn: Boolean(accessToken && refreshToken) };
  cached = { version, snap };
  return snap;
}

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSessionSnapshot, getSessionSnapshot);
}

// ---------------------------------------------------------------- JWT payloads

export interface TokenPayload {
  exp?: number; // seconds since epoch
  sub?: string | number;
  subscriptions?: { id: string; name?: string }[];
  [claim: string]: unknown;
}

/** Decodes a JWT payload without verifying it (the server verifies); null when malformed. */
export function decodeToken(token: string | null | undefined): TokenPayload | null {
  if (!token) return null;
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = decodeURIComponent(
      Array.from(atob(b64), (c) => '%' + c.charCodeAt(0).toString(16).padStart(2, '0')).join(''),
    );
    const payload = JSON.parse(json);
    return payload && typeof payload === 'object' ? (payload as TokenPayload) : null;
  } catch {
    return null;
  }
}

/** True when the token is missing, malformed, or expires within `marginSeconds`. */
export function isTokenExpired(token: string | null | undefined, nowMs = Date.now(), marginSeconds = 0): boolean {
  const payload = decodeToken(token);
  if (!payload || typeof payload.exp !== 'number') return true;
  return payload.exp * 1000 <= nowMs + marginSeconds * 1000;
}
