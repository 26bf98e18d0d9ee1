import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertsListener } from './AlertsListener';
import { setTokens } from '../api/session';
import { installFetch, Providers } from '../test/utils';

afterEach(() => vi.unstubAllGlobals());

const profile = (activeAlertRules: number) => ({
  id: 1, firstName: 'A', email: 'a@b.co', roles: ['User'], subscriptions: [], apiSubscriptions: [], tier: 'live',
  planName: 'Volland Live', apiCredits: 0, hasPassword: true, createdAt: '2025-01-01T00:00:00Z', referral: null, activeAlertRules,
});

const paths = (calls: { url: string }[]) => calls.map((c) => c.url.replace(/^\/api\/v1\//, '').split('?')[0]);

describe('alerts listener', () => {
  it('reads the active rule count from the profile: no alerts/rules request, no stream without a rule', async () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    const { calls } = installFetch({ 'GET users': () => ({ body: profile(0) }) });
    const { unmount } = render(<Providers><AlertsListener /></Providers>);
    await waitFor(() => expect(paths(calls)).toContain('users'));
    // Give a rules request or a stream every chance to start.
    await new Promise((r) => setTimeout(r, 50));
    expect(paths(calls)).toEqual(['users']);
    unmount();
  });

  it('opens the stream when the profile counts an active rule, still without alerts/rules', async () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    const { calls } = installFetch({
      'GET users': () => ({ body: profile(2) }),
      'GET alerts/firings': () => ({ body: [] }),
      'GET alerts/stream': () => ({ body: undefined }),
    });
    const { unmount } = render(<Providers><AlertsListener /></Providers>);
    await waitFor(() => expect(paths(calls)).toContain('alerts/stream'));
    expect(paths(calls)).not.toContain('alerts/rules');
    unmount();
  });
});
