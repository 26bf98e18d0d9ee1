// Browser reports to Sentry, in addition to the backend's client-errors route, when the site
// configuration carries a public DSN (VOLLAND_SENTRY_BROWSER_DSN). The SDK is loaded with a dynamic
// import only then, so without a DSN it is never fetched and the initial bundle does not carry it.
// Each report keeps our fingerprint (as the Sentry fingerprint and a tag) so both stores group alike;
// no personal data is attached (no user fields, cookies, headers, bodies or query strings; no replay,
// no tracing).

/** What Sentry is told of a report (./errorReporting builds the full one). */
export interface SentryReport {
  kind: string;
  message: string;
  route: string;
  fingerprint: string;
  componentStack?: string;
}

type SentryModule = typeof import('@sentry/react');
/** Only what is used, so the lazily loaded chunk is tree-shaken down to it. */
type SentrySdk = Pick<SentryModule, 'withScope' | 'captureException' | 'captureMessage'>;

export interface SentrySettings {
  sentryDsn?: string | null;
  sentryEnvironment?: string;
  release: string;
}

let sdk: Promise<SentrySdk | null> | null = null;

/** Load and start the SDK once, only when a DSN is configured; later calls reuse the first start. */
export function startSentry(settings: SentrySettings | null): Promise<SentrySdk | null> {
  const dsn = settings?.sentryDsn?.trim();
  if (!dsn || sdk) return sdk ?? Promise.resolve(null);
  sdk = import('@sentry/react')
    .then(({ init, withScope, captureException, captureMessage }) => {
      init({
        dsn,
        environment: settings?.sentryEnvironment || undefined,
        release: settings?.release,
        // No personal data: no user fields, cookies, headers, bodies or query strings.
        dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
      });
      return { withScope, captureException, captureMessage };
    })
    .catch(() => null);
  return sdk;
}

/** Send one report to Sentry if the SDK was started (otherwise nothing happens); never throws. */
export function forwardToSentry(report: SentryReport, error?: Error): Promise<void> {
  if (!sdk) return Promise.resolve();
  return sdk
    .then((Sentry) => {
      if (!Sentry) return;
      Sentry.withScope((scope) => {
        scope.setFingerprint([report.fingerprint]);
        scope.setTag('fingerprint', report.fingerprint);
        scope.setTag('kind', report.kind);
        scope.setTag('route', report.route);
        if (report.componentStack) scope.setExtra('componentStack', report.componentStack);
        if (error) Sentry.captureException(error);
        else Sentry.captureMessage(report.message, 'error');
      });
    })
    .catch(() => undefined);
}

/** Forget the started SDK (tests). */
export function resetSentry(): void {
  sdk = null;
}
