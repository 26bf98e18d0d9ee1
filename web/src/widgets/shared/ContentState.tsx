// Content states of a widget (app spec §4): loading, error, empty and dragging.
import { Spinner } from '../../components/Spinner';

export function WidgetLoading() {
  return (
    <div className="ws-state" data-state="loading">
      <Spinner size="small" label="Loading widget" />
    </div>
  );
}

export function WidgetError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="ws-state" data-state="error">
      <p>Widget loading error</p>
      <button type="button" className="ws-btn" onClick={onRetry}>
        Try to reload
      </button>
    </div>
  );
}

export function WidgetEmpty({ onChange }: { onChange?: () => void }) {
  return (
    <div className="ws-state" data-state="empty">
      <p>No data available for given configuration</p>
      {onChange ? (
        <button type="button" className="ws-btn" onClick={onChange}>
          Change widget setup
        </button>
      ) : null}
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
