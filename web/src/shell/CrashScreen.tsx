// Render crash screen (app spec §8, platform spec §8). Rendered by an error boundary outside the
// router, so it uses a plain anchor and reads the tokens directly.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { getToken } from '../api/session';
import { homeTarget } from './NotFound';
import { reportCrash } from '../lib/errorReporting';

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

/** The bug report goes to the backend's client-errors route (lib/errorReporting.ts). */
export { reportCrash } from '../lib/errorReporting';
