// Error reports to the backend's client-errors route (app spec §8): render crashes, HTTP 500 answers
// and 401s on data-token generation, each with a fingerprint, the release and the route. The server
// groups them (its own fingerprint decides the group; ours is sent for the log) and, when a Sentry DSN
// is configured there, forwards them to Sentry too. With a browser DSN in the site configuration the
// page also reports straight to Sentry (sentryReporting.ts), with the same fingerprint.
import { ApiRequestError, setErrorReporter } from '../api/client';
import { currentSiteConfig, loadSiteConfig } from '../api/siteConfig';
import { forwardToSentry, startSentry } from './sentryReporting';

export type ReportKind = 'crash' | 'http500' | 'token401';

export interface ClientReport {
  kind: ReportKind;
  message: string;
  stack?: string;
  componentStack?: string;
  url: string;
  route: string;
  release: string;
  fingerprint: string;
}

export const RELEASE: string = (import.meta.env.VITE_RELEASE as string | undefined) || 'dev';
const ENDPOINT = '/api/v1/client-errors';
/** The same fault is reported at most once per this many ms from one page (the server counts repeats). */
export const REPEAT_WINDOW_MS = 60_000;
const lastSent = new Map<string, number>();

/** A path with ids masked, so `/academy/section/3` and `/academy/section/4` are one route. */
export function routePattern(pathname: string): string {
  return pathname
    .split('/')
    .map((part) => (/^\d+$/.test(part) || /^[0-9a-f]{8}-[0-9a-f-]{27,}$/i.test(part) ? ':id' : part))
    .join('/');
}

/** FNV-1a over kind, message with digits masked, and the first stack frame; 8 hex characters. */
export function fingerprint(kind: ReportKind, message: string, stack = ''): string {
  const frame = stack.split('\n').map((l) => l.trim()).find((l) => l && l !== message.trim()) ?? '';
  const basis = [kind, message.replace(/\d+/g, 'N').slice(0, 500), frame.replace(/\d+/g, 'N').slice(0, 300)].join('\n');
  let hash = 0x811c9dc5;
  for (let i = 0; i < basis.length; i += 1) {
    hash ^= basis.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

export function buildReport(kind: ReportKind, message: string, stack = '', componentStack = ''): ClientReport {
  const pathname = typeof window === 'undefined' ? '' : window.location.pathname;
  return {
    kind,
    message: (message || 'Unknown error').slice(0, 2000),
    stack: stack.slice(0, 8000),
    componentStack: componentStack.slice(0, 8000),
    url: pathname.slice(0, 2000),
    route: routePattern(pathname).slice(0, 500),
    release: RELEASE.slice(0, 80),
    fingerprint: fingerprint(kind, message, stack),
  };
}

/** Send a report (and to Sentry when it is configured); never throws, and drops a repeat of the same
 *  fault within REPEAT_WINDOW_MS. */
export function sendReport(report: ClientReport, now = Date.now(), error?: Error): boolean {
  const previous = lastSent.get(report.fingerprint);
  if (previous !== undefined && now - previous < REPEAT_WINDOW_MS) return false;
  lastSent.set(report.fingerprint, now);
  void forwardToSentry(report, error);
  try {
    const body = JSON.stringify(report);
    if (typeof navigator !== 'undefined' && navigator.sendBeacon?.(ENDPOINT, new Blob([body], { type: 'application/json' }))) return true;
    void fetch(ENDPOINT, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'application/json' } }).catch(() => undefined);
  } catch {
    /* reporting must never throw */
  }
  return true;
}

export function reportCrash(error: unknown, componentStack = ''): void {
  const err = error instanceof Error ? error : new Error(String(error));
  console.error('[crash]', err, componentStack);
  sendReport(buildReport('crash', err.message, err.stack ?? '', componentStack), Date.now(), err);
}

/** Reports from the HTTP client: a 500 answer, or a 401 when a data token is generated. */
export function reportApiError(error: ApiRequestError, path: string): void {
  console.error(`[api] ${path}: ${error.status} ${error.message}`);
  const kind: ReportKind = error.status === 401 ? 'token401' : 'http500';
  sendReport(buildReport(kind, `${error.status} ${path}: ${error.message}`));
}

/** Route the HTTP client's reports here and, once the site configuration has loaded, start Sentry if
 *  it carries a browser DSN (the SDK is imported only then). */
export function installErrorReporting(): Promise<void> {
  setErrorReporter(reportApiError);
  return loadSiteConfig()
    .then(() => {
      const config = currentSiteConfig();
      return startSentry(config && { ...config, release: RELEASE });
    })
    .then(() => undefined)
    .catch(() => undefined);
}

/** Forget what was sent (tests). */
export function resetReportMemory(): void {
  lastSent.clear();
}
