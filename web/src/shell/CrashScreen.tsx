// Render crash screen (app spec §8, platform spec §8). Rendered by an error boundary outside the
// router, so it uses a plain anchor and reads the tokens directly.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { getToken } from '../app/session';
import { homeTarget } from './NotFound';

export function CrashScreen() {
  const target = homeTarget(getToken('accessToken'), getToken('apiToken'));
  return (
    <main className="status-page" role="alert" aria-labelledby="crash-title">
      <h1 id="crash-title">Something went wrong</h1>
      <p>Sorry! Bug report has been sent</p>
      <a className="btn btn-primary" href={target}>
        Back to Home
      </a>
    </main>
  );
}

interface State {
  error: Error | null;
}

export class CrashBoundary extends Component<{ children: ReactNode; resetKey?: unknown }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    reportCrash(error, info.componentStack ?? '');
  }

  componentDidUpdate(prev: { resetKey?: unknown }): void {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  render() {
    return this.state.error ? <CrashScreen /> : this.props.children;
  }
}

/** The bug report: sent to the backend's client-error log when it exists, and always to the console. */
export function reportCrash(error: Error, componentStack: string): void {
  console.error('[crash]', error, componentStack);
  try {
    const body = JSON.stringify({
      message: String(error?.message ?? error).slice(0, 2000),
      stack: String(error?.stack ?? '').slice(0, 8000),
      componentStack: componentStack.slice(0, 8000),
      url: window.location.pathname,
    });
    if (navigator.sendBeacon) navigator.sendBeacon('/api/v1/client-errors', new Blob([body], { type: 'application/json' }));
  } catch {
    /* reporting must never throw */
  }
}
