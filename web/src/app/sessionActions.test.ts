import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser, logout, TOKEN_EXPIRED_NOTICE } from '../lib/sessionActions';
import { checkAccessToken } from './SessionManager';
import { getToken, setTokens } from '../api/session';
import { PENDING_NOTICE_KEY } from '../lib/notifications';
import { futureExp, installFetch, makeToken } from '../test/utils';

afterEach(() => vi.unstubAllGlobals());

describe('logout', () => {
  it('clears the analytics identity when analytics is configured, and needs none by default', async () => {
    const { configureAnalytics, analyticsConfigured } = await import('../lib/analytics');
    vi.spyOn(browser, 'goHome').mockImplementation(() => {});
    expect(analyticsConfigured()).toBe(false);
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    installFetch({ 'POST auth/logout': () => ({ status: 204 }) });
    await logout();
    const reset = vi.fn();
    configureAnalytics({ identify: vi.fn(), reset });
    try {
      setTokens({ accessToken: 'a', refreshToken: 'r' });
      await logout();
      expect(reset).toHaveBeenCalledTimes(1);
      await logout({ expired: true });
      expect(reset).toHaveBeenCalledTimes(2);
    } finally {
      configureAnalytics(null);
    }
  });

  it('calls logout, clears tokens and session storage, goes home', async () => {
    const goHome = vi.spyOn(browser, 'goHome').mockImplementation(() => {});
    setTokens({ accessToken: 'a', refreshToken: 'r', apiToken: 'd' });
    sessionStorage.setItem('something', '1');
    const { calls } = installFetch({ 'POST auth/logout': () => ({ status: 204 }) });
    await logout();
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/auth/logout']);
    expect(calls[0].body).toEqual({ refreshToken: 'r' });
    expect(getToken('accessToken')).toBeNull();
    expect(getToken('apiToken')).toBeNull();
    expect(sessionStorage.getItem('something')).toBeNull();
    expect(sessionStorage.getItem(PENDING_NOTICE_KEY)).toBeNull();
    expect(goHome).toHaveBeenCalledTimes(1);
  });

  it('a failed logout call is only logged', async () => {
    vi.spyOn(browser, 'goHome').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    installFetch({ 'POST auth/logout': () => ({ status: 500, body: { code: 'x', message: 'down' } }) });
    await logout();
    expect(warn).toHaveBeenCalled();
    expect(getToken('accessToken')).toBeNull();
  });

  it("leaves the 'Token Expired' notice for after the reload", async () => {
    vi.spyOn(browser, 'goHome').mockImplementation(() => {});
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    await logout({ expired: true });
    expect(JSON.parse(sessionStorage.getItem(PENDING_NOTICE_KEY)!)).toEqual(TOKEN_EXPIRED_NOTICE);
    expect(TOKEN_EXPIRED_NOTICE).toMatchObject({ type: 'INFO', title: 'Token Expired', content: 'You were logged out, because your token has expired. Please log in again' });
  });
});

describe('access-token expiry check', () => {
  it('a valid token is left alone', async () => {
    setTokens({ accessToken: makeToken({ exp: futureExp() }), refreshToken: 'r' });
    await expect(checkAccessToken()).resolves.toBe('valid');
  });

  it('an expired token is refreshed when the server agrees', async () => {
    setTokens({ accessToken: makeToken({ exp: 10 }), refreshToken: 'r' });
    installFetch({ 'POST auth/refresh-token': () => ({ body: { accessToken: 'fresh', refreshToken: 'r2' } }) });
    await expect(checkAccessToken()).resolves.toBe('refreshed');
    expect(getToken('accessToken')).toBe('fresh');
  });

  it('otherwise the user is logged out with the notice', async () => {
    const goHome = vi.spyOn(browser, 'goHome').mockImplementation(() => {});
    setTokens({ accessToken: makeToken({ exp: 10 }), refreshToken: 'r' });
    installFetch({ 'POST auth/refresh-token': () => ({ status: 401, body: { code: 'session_revoked', message: 'x' } }) });
    await expect(checkAccessToken()).resolves.toBe('expired');
    expect(goHome).toHaveBeenCalled();
    expect(sessionStorage.getItem(PENDING_NOTICE_KEY)).toContain('Token Expired');
    expect(getToken('refreshToken')).toBeNull();
  });
});
