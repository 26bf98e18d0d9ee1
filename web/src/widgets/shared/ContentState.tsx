// Content states of a widget (app spec §4): loading, error, empty, still being built, dragging, and the
// "could not refresh" mark over a picture whose refresh failed. Each says what happened and what to do:
// an error offers to reload, only a setup the server refused (or that has nothing to show) offers to
// change the setup, and a ticker still being built says so with the server's estimate.
import { Spinner } from '../../components/Spinner';

export function WidgetLoading() {
  return (
    <div className="ws-state" data-state="loading">
      <Spinner size="small" label="Loading widget" />
    </div>
  );
}

/** The request failed (network, server): what happened and a reload. */
export function WidgetError({ onRetry, message }: { onRetry: () => void; message?: string | null }) {
  return (
    <div className="ws-state" data-state="error" role="alert">
      <p className="ws-state-title">Widget loading error</p>
      <p className="ws-state-detail">{message || 'The widget could not be drawn. Reload it; if it fails again, change its setup or remove it.'}</p>
      <button type="button" className="ws-btn" onClick={onRetry}>
        Try to reload
      </button>
    </div>
  );
}

/**
 * Nothing to draw. `reason`: the server's word on why (a refused setup); `onChange`: offered only when the
 * setup is the cause.
 */
export function WidgetEmpty({ onChange, reason, title = 'No data available for given configuration' }: { onChange?: () => void; reason?: string | null; title?: string }) {
  return (
    <div className="ws-state" data-state="empty" role="status">
      <p className="ws-state-title">{title}</p>
      {reason ? <p className="ws-state-detail">{reason}</p> : null}
      {onChange ? (
        <button type="button" className="ws-btn" onClick={onChange}>
          Change widget setup
        </button>
      ) : null}
    </div>
  );
}

/** The ticker's data are still being built in the background: the server's estimate and a reload. */
export function WidgetBuilding({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="ws-state" data-state="building" role="status">
      <p className="ws-state-title">Still being built</p>
      <p className="ws-state-detail">{message}</p>
      <button type="button" className="ws-btn" onClick={onRetry}>
        Try to reload
      </button>
    </div>
  );
}

/** No connection: the request waits for it (the setup's own answer, never another setup's picture). */
export function WidgetOffline() {
  return (
    <div className="ws-state" data-state="offline" role="status">
      <p className="ws-state-title">Offline</p>
      <p className="ws-state-detail">This setup loads when the connection is back.</p>
    </div>
  );
}

/** A refresh failed: the picture below is the previous answer, under its own label and as-of time. */
export function RefreshFailed({ message, onRetry }: { message?: string | null; onRetry: () => void }) {
  return (
    <div className="ws-refresh-failed" data-testid="refresh-failed" role="alert">
      <span>
        <strong>Could not refresh.</strong> Showing the previous figures (see their time below). {message ?? ''}
      </span>
      <button type="button" className="ws-btn" onClick={onRetry}>
        Try to reload
      </button>
    </div>
  );
}

export function WidgetDragging() {
  return (
    <div className="ws-state" data-state="dragging">
      <p>The preview is not visible while dragging</p>
    </div>
  );
}

/** The subscription does not include this widget (the server answered 'upgrade_required'). */
export function WidgetUpgrade({ message }: { message: string }) {
  return (
    <div className="ws-state" data-state="upgrade" role="alert">
      <p>{message}</p>
      <a className="ws-btn" href="/app/pricing">Upgrade plan</a>
    </div>
  );
}
