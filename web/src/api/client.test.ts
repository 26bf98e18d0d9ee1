import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, buildUrl, flattenFieldErrors, request, setSessionExpiredHandler, HTTP_TIMEOUT_MS } from './client';
import { getToken, setTokens } from './session';
import { futureExp, installFetch, makeToken } from '../test/utils';

describe('buildUrl', () => {
  it('prefixes /api/v1 and encodes the query, skipping empty values and repeating arrays', () => {
    expect(buildUrl('workspaces')).toBe('/api/v1/workspaces');
    expect(buildUrl('/data/volland-exposure', { ticker: 'SPX', date: null, d: ['a', 'b'] })).toBe('/api/v1/data/volland-exposure?ticker=SPX&d=a&d=b');
  });
});

describe('flattenFieldErrors', () => {
  it('takes the first message per field out of the location-nested body', () => {
    expect(flattenFieldErrors({ json: { email: ['Enter a valid e-mail address.', 'x'], password: ['Too short.'] } })).toEqual({
      email: 'Enter a valid e-mail address.',
      password: 'Too short.',
    });
  });
});

describe('request', () => {
  let expired: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    expired = vi.fn();
    setSessionExpiredHandler(expired as unknown as () => void);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends the access token and returns the JSON body', async () => {
    setTokens({ accessToken: 'A1', refreshToken: 'R1' });
    const { calls } = installFetch({ 'GET users': () => ({ body: { id: 1 } }) });
    await expect(request('users')).resolves.toEqual({ id: 1 });
    expect(calls[0].headers.Authorization).toBe('Bearer A1');
  });

  it('throws ApiRequestError carrying the server error body', async () => {
    installFetch({
      'POST auth/login': () => ({ status: 401, body: { code: 'invalid_credentials', status: 401, message: 'The e-mail or password is incorrect.', errors: {} } }),
    });
    const err = await request('auth/login', { method: 'POST', body: {}, auth: 'none' }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({ status: 401, code: 'invalid_credentials', message: 'The e-mail or password is incorrect.' });
  });

  it('refreshes the access token once on 401 and retries', async () => {
    setTokens({ accessToken: 'old', refreshToken: 'R1' });
    const { calls } = installFetch({
      'GET workspaces': (c) => (c.headers.Authorization === 'Bearer new' ? { body: [] } : { status: 401, body: { code: 'token_expired', message: 'x' } }),
      'POST auth/refresh-token': (c) => ((c.body as { refreshToken: string }).refreshToken === 'R1' ? { body: { accessToken: 'new', refreshToken: 'R2' } } : { status: 401 }),
    });
    await expect(request('workspaces')).resolves.toEqual([]);
    expect(getToken('accessToken')).toBe('new');
    expect(getToken('refreshToken')).toBe('R2');
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/workspaces', '/api/v1/auth/refresh-token', '/api/v1/workspaces']);
    expect(expired).not.toHaveBeenCalled();
  });

  it('ends the session when the refresh is refused', async () => {
    setTokens({ accessToken: 'old', refreshToken: 'R1' });
    installFetch({
      'GET workspaces': () => ({ status: 401, body: { code: 'token_expired', message: 'Expired' } }),
      'POST auth/refresh-token': () => ({ status: 401, body: { code: 'session_revoked', message: 'x' } }),
    });
    await expect(request('workspaces')).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('queues data requests behind one data-token renewal', async () => {
    setTokens({ accessToken: 'A', refreshToken: 'R' });
    const dataToken = makeToken({ exp: futureExp(), subscriptions: [] });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { calls } = installFetch({
      'POST auth/generate-data-api-token': async () => {
        await gate;
        return { body: { dataApiAccessToken: dataToken, expiresIn: 300 } };
      },
      'GET data/volland-live-api-tickers': (c) => ({ body: { tickers: [c.headers.Authorization] } }),
    });
    const a = request<{ tickers: string[] }>('data/volland-live-api-tickers', { auth: 'data' });
    const b = request<{ tickers: string[] }>('data/volland-live-api-tickers', { auth: 'data' });
    await Promise.resolve();
    release();
    const [ra, rb] = await Promise.all([a, b]);
    expect(calls.filter((c) => c.url.endsWith('generate-data-api-token'))).toHaveLength(1);
    expect(ra.tickers[0]).toBe(`Bearer ${dataToken}`);
    expect(rb.tickers[0]).toBe(`Bearer ${dataToken}`);
    expect(getToken('apiToken')).toBe(dataToken);
  });

  it('reuses a valid stored data token without renewing', async () => {
    const dataToken = makeToken({ exp: futureExp() });
    setTokens({ accessToken: 'A', refreshToken: 'R', apiToken: dataToken });
    const { calls } = installFetch({ 'GET data/x': () => ({ body: {} }) });
    await request('data/x', { auth: 'data' });
    expect(calls).toHaveLength(1);
  });

  it('a 401 on data-token generation logs out', async () => {
    setTokens({ accessToken: 'A', refreshToken: 'R' });
    installFetch({
      'POST auth/generate-data-api-token': () => ({ status: 401, body: { code: 'unauthorized', message: 'x' } }),
      'POST auth/refresh-token': () => ({ body: { accessToken: 'A2', refreshToken: 'R2' } }),
      'GET data/x': () => ({ status: 401, body: { code: 'unauthorized', message: 'No data token' } }),
    });
    await expect(request('data/x', { auth: 'data' })).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalled();
  });

  it('times out after 60 s with a clear error', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))),
    );
    const pending = request('users', { auth: 'none' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS);
    const err = (await pending) as ApiRequestError;
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err.code).toBe('timeout');
  });
});
