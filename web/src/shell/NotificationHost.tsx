import { Link } from 'react-router';
import { NOTIFICATION_DELAY_MS, useNotifications, usePausableTimer } from '../lib/notifications';

/** Shows the head of the notification queue; hover pauses its timer, leaving restarts it. */
export function NotificationHost() {
  const { current, dismiss } = useNotifications();
  const { pause, resume } = usePausableTimer(current?.delay ?? NOTIFICATION_DELAY_MS, () => current && dismiss(current.id), current?.id ?? null);
  if (!current) return <div className="notification-host" aria-live="polite" />;
  const role = current.type === 'ERROR' || current.type === 'WARNING' ? 'alert' : 'status';
  return (
    <div className="notification-host" aria-live="polite">
      <div
        className={`notification notification-${current.type.toLowerCase()}`}
        role={role}
        data-testid="notification"
        onMouseEnter={pause}
        onMouseLeave={resume}
      >
        <div className="notification-text">
          <strong className="notification-title">{current.title}</strong>
          {current.content && <p className="notification-content">{current.content}</p>}
          {current.link && (
            <p className="notification-content">
              <Link to={current.link.to} onClick={() => dismiss(current.id)}>{current.link.label}</Link>
            </p>
          )}
        </div>
        <button type="button" className="icon-btn" aria-label="Dismiss notification" onClick={() => dismiss(current.id)}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </div>
  );
}
