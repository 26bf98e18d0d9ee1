// Two tabs of the app refreshing the session at once: each tab is its own instance of the client module
// (vi.resetModules), both share the page's localStorage, as tabs of one origin do.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFetch, makeToken } from '../test/utils';
import type { Rotation } from './refreshHandoff';

type Client = typeof import('./client');
type Session = typeof import('./session');

/** An in-memory stand-in for navigator.locks: exclusive requests per name, granted in order. */
class TabLocks {
  private tails = new Map<string, Promise<unknown>>();
  held = 0;
  mostHeld = 0;
  requests = 0;
  /** Runs before each grant: lets a test model what the next holder sees. */
  beforeGrant: (() => void) | null = null;

  request(name: string, _options: unknown, task: (lock: unknown) => Promise<unknown>): Promise<unknown> {
    this.requests += 1;
    const run = (this.tails.get(name) ?? Promise.resolve()).then(async () => {
      this.beforeGrant?.();
      this.held += 1;
      this.mostHeld = Math.max(this.mostHeld, this.held);
      try {
        return await task({ name, mode: 'exclusive' });
      } finally {
        this.held -= 1;
      }
    });
    this.tails.set(name, run.catch(() => undefined));
    return run;
  }
}

async function openTab(): Promise<{ client: Client; session: Session; expired: ReturnType<typeof vi.fn> }> {
  vi.resetModules();
  const client = await import('./client');
  const session = await import('./session');
  const expired = vi.fn();
  client.setSessionExpiredHandler(expired as unknown as () => void);
  return { client, session, expired };
}

/** The server's rotation: a refresh token works once; a second use ends the session, or (graceReplay)
 * is answered with the current tokens as the server does within its grace. Refreshes wait for release(). */
function rotatingServer(opts: { graceReplay: boolean }) {
  let current = 'R1';
  let generation = 1;
  let previous: string | null = null;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const installed = installFetch({
    'GET workspaces': (c) => (c.headers.Authorization === `Bearer A${generation}` && generation > 1 ? { body: [] } : { status: 401, body: { code: 'token_expired', status: 401, message: 'Expired', errors: {} } }),
    'POST auth/refresh-token': async (c) => {
      await gate;
      const presented = (c.body as { refreshToken: string }).refreshToken;
      if (presented === current) {
        previous = current;
        generation += 1;
        current = `R${generation}`;
        return { body: { accessToken: `A${generation}`, refreshToken: current } };
      }
      if (opts.graceReplay && presented === previous) return { body: { accessToken: `A${generation}`, refreshToken: current } };
      return { status: 401, body: { code: 'refresh_token_reused', status: 401, message: 'Ended', errors: {} } };
    },
  });
  const refreshCalls = () => installed.calls.filter((c) => c.url === '/api/v1/auth/refresh-token');
  return { release, refreshCalls };
}

describe('token refresh across tabs', () => {
  let locks: TabLocks;
  beforeEach(() => {
    locks = new TabLocks();
    Object.defineProperty(window.navigator, 'locks', { value: locks, configurable: true });
    window.localStorage.setItem('accessToken', 'A1');
    window.localStorage.setItem('refreshToken', 'R1');
  });
  afterEach(() => {
    delete (window.navigator as unknown as { locks?: unknown }).locks;
    vi.unstubAllGlobals();
    vi.doUnmock('./refreshHandoff');
  });

  it('rotates the refresh token once when two tabs need a refresh at the same moment', async () => {
    const server = rotatingServer({ graceReplay: false });
    const a = await openTab();
    const b = await openTab();
    const both = Promise.all([a.client.request('workspaces'), b.client.request('workspaces')]);
    await vi.waitFor(() => expect(server.refreshCalls()).toHaveLength(1));
    server.release();
    await expect(both).resolves.toEqual([[], []]);
    // One call to the server, with the token both tabs held; the other tab used the tokens it stored.
    expect(server.refreshCalls().map((c) => (c.body as { refreshToken: string }).refreshToken)).toEqual(['R1']);
    expect(locks.requests).toBe(2);
    expect(locks.mostHeld).toBe(1);
    expect(a.session.getToken('refreshToken')).toBe('R2');
    expect(b.session.getToken('accessToken')).toBe('A2');
    expect(a.expired).not.toHaveBeenCalled();
    expect(b.expired).not.toHaveBeenCalled();
  });

  it('a tab that waited for the lock uses the tokens the other tab stored, and none after a logout', async () => {
    const server = rotatingServer({ graceReplay: false });
    const a = await openTab();
    const b = await openTab();
    const first = a.client.refreshAccessToken();
    const second = b.client.refreshAccessToken();
    await vi.waitFor(() => expect(server.refreshCalls()).toHaveLength(1));
    server.release();
    await expect(first).resolves.toBe(true);
    a.session.clearTokens();
    // b's turn came after a stored new tokens: it refreshes nothing and reports the tokens usable.
    await expect(second).resolves.toBe(true);
    await expect(b.client.refreshAccessToken()).resolves.toBe(false);
    expect(server.refreshCalls()).toHaveLength(1);
  });

  it("a tab whose localStorage has not caught up takes the rotation the other tab handed over", async () => {
    const handed: { value: Rotation | null } = { value: null };
    vi.doMock('./refreshHandoff', () => ({
      lastRotation: async () => handed.value,
      recordRotation: async (rotation: Rotation) => {
        handed.value = rotation;
      },
      forgetRotation: async () => {
        handed.value = null;
      },
    }));
    // As in Chromium, the lock can reach the next tab before the first tab's localStorage writes do.
    locks.beforeGrant = () => {
      window.localStorage.setItem('accessToken', 'A1');
      window.localStorage.setItem('refreshToken', 'R1');
    };
    const server = rotatingServer({ graceReplay: false });
    const a = await openTab();
    const b = await openTab();
    const both = Promise.all([a.client.refreshAccessToken('A1'), b.client.refreshAccessToken('A1')]);
    await vi.waitFor(() => expect(server.refreshCalls()).toHaveLength(1));
    server.release();
    await expect(both).resolves.toEqual([true, true]);
    expect(server.refreshCalls()).toHaveLength(1);
    expect(handed.value).toEqual({ from: 'R1', accessToken: 'A2', refreshToken: 'R2' });
    expect(b.session.getToken('refreshToken')).toBe('R2');
    expect(b.session.getToken('accessToken')).toBe('A2');
    b.session.clearTokens();
    await vi.waitFor(() => expect(handed.value).toBeNull());
  });

  it('a request refused before another tab refreshed retries with the stored token, without a refresh', async () => {
    let releaseB!: () => void;
    const gateB = new Promise<void>((r) => (releaseB = r));
    const { calls } = installFetch({
      'GET workspaces': async (c) => {
        if (c.headers.Authorization === 'Bearer A2') return { body: [] };
        if (c.headers['X-Tab'] === 'b') await gateB; // b's refusal arrives after a's refresh
        return { status: 401, body: { code: 'token_expired', status: 401, message: 'Expired', errors: {} } };
      },
      'POST auth/refresh-token': (c) =>
        (c.body as { refreshToken: string }).refreshToken === 'R1'
          ? { body: { accessToken: 'A2', refreshToken: 'R2' } }
          : { status: 401, body: { code: 'refresh_token_reused', status: 401, message: 'Ended', errors: {} } },
    });
    const a = await openTab();
    const b = await openTab();
    const late = b.client.request('workspaces', { headers: { 'X-Tab': 'b' } });
    await expect(a.client.request('workspaces')).resolves.toEqual([]);
    releaseB();
    await expect(late).resolves.toEqual([]);
    expect(calls.filter((c) => c.url === '/api/v1/auth/refresh-token')).toHaveLength(1);
    expect(b.expired).not.toHaveBeenCalled();
  });

  it('an access token found expired by every tab at once is refreshed once', async () => {
    const expiredToken = makeToken({ exp: Math.floor(Date.now() / 1000) - 10 });
    window.localStorage.setItem('accessToken', expiredToken);
    const server = rotatingServer({ graceReplay: false });
    const tabs: (() => Promise<string>)[] = [];
    for (let i = 0; i < 3; i += 1) {
      vi.resetModules();
      tabs.push((await import('../app/SessionManager')).checkAccessToken);
    }
    const results = Promise.all(tabs.map((check) => check()));
    await vi.waitFor(() => expect(server.refreshCalls()).toHaveLength(1));
    server.release();
    await expect(results).resolves.toEqual(['refreshed', 'refreshed', 'refreshed']);
    expect(server.refreshCalls()).toHaveLength(1);
    expect(window.localStorage.getItem('refreshToken')).toBe('R2');
  });

  it('without Web Locks each tab refreshes on its own and relies on the server grace', async () => {
    delete (window.navigator as unknown as { locks?: unknown }).locks;
    expect('locks' in window.navigator).toBe(false);
    const server = rotatingServer({ graceReplay: true });
    const a = await openTab();
    const b = await openTab();
    const both = Promise.all([a.client.refreshAccessToken(), b.client.refreshAccessToken()]);
    await vi.waitFor(() => expect(server.refreshCalls()).toHaveLength(2));
    server.release();
    await expect(both).resolves.toEqual([true, true]);
    expect(server.refreshCalls().map((c) => (c.body as { refreshToken: string }).refreshToken)).toEqual(['R1', 'R1']);
    expect(a.session.getToken('refreshToken')).toBe('R2');
  });
});
