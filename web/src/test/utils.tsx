// Test helpers: a fetch double answering by path, token factories and a provider wrapper.
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { NotificationsProvider } from '../lib/notifications';
import { ThemeProvider } from '../lib/theme';
import { ExplainProvider } from '../components/Explain';
import { dictionaryExplain } from '../app/explain';

export function makeToken(payload: Record<string, unknown>): string {
  const b64 = (o: unknown) => btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(o)))).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.signature`;
}

export function futureExp(seconds = 600): number {
  return Math.floor(Date.now() / 1000) + seconds;
}

export interface FakeCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: FakeCall) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

/** Installs a fetch double; `routes` maps 'METHOD path' (path without /api/v1/) to a handler. */
export function installFetch(routes: Record<string, Handler>) {
  const calls: FakeCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const call = { method, url, headers, body };
    calls.push(call);
    const path = url.replace(/^\/api\/v1\//, '').split('?')[0];
    const handler = routes[`${method} ${path}`];
    if (!handler) return new Response(JSON.stringify({ code: 'not_found', status: 404, message: `No route ${method} ${path}`, errors: {} }), { status: 404, headers: { 'content-type': 'application/json' } });
    const { status = 200, body: out } = await handler(call);
    return new Response(out === undefined ? null : JSON.stringify(out), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn };
}

export function makeClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function LocationProbe() {
  const loc = useLocation();
  return <div data-testid="location">{loc.pathname + loc.search}</div>;
}

export function Providers({ children, client = makeClient(), initialEntries = ['/'] }: { children: ReactNode; client?: QueryClient; initialEntries?: (string | { pathname: string; state?: unknown })[] }) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={client}>
        <NotificationsProvider>
          <ExplainProvider lookup={dictionaryExplain}>
            <MemoryRouter initialEntries={initialEntries}>{children}</MemoryRouter>
          </ExplainProvider>
        </NotificationsProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

export { Route, Routes };
