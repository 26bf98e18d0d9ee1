// Modal: closes on Escape or an overlay click, locks page scrolling, traps keyboard focus and fades
// for 400 ms on open and close (app spec §2, platform spec §9).
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { useBodyScrollLock, useFocusTrap } from './focus';

export const MODAL_FADE_MS = 400;

export interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'small' | 'medium' | 'large' | 'full';
  /** Extra class on the dialog panel. */
  className?: string;
  /** Disable Escape/overlay closing while a request runs. */
  dismissible?: boolean;
  /** Accessible description id inside children. */
  describedBy?: string;
  /** Intercepts keydown inside the dialog (ConfirmModal uses it for Enter). */
  onKeyDown?: (e: React.KeyboardEvent<HTMLDivElement>) => void;
}

export function Modal({ title, onClose, children, footer, size = 'medium', className, dismissible = true, describedBy, onKeyDown }: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [visible, setVisible] = useState(false);
  const [closing, setClosing] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useBodyScrollLock(true);
  useFocusTrap(panel, true);

  useEffect(() => {
    const frame = requestAnimationFrame(() => setVisible(true));
    return () => {
      cancelAnimationFrame(frame);
      if (closeTimer.current) clearTimeout(closeTimer.current);
    };
  }, []);

  const requestClose = useCallback(() => {
    if (closing) return;
    setClosing(true);
    setVisible(false);
    closeTimer.current = setTimeout(onClose, MODAL_FADE_MS);
  }, [closing, onClose]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && dismissible) {
        e.stopPropagation();
        requestClose();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [dismissible, requestClose]);

  return createPortal(
    <div
      className={`modal-overlay${visible ? ' is-visible' : ''}`}
      style={{ transitionDuration: `${MODAL_FADE_MS}ms` }}
      data-testid="modal-overlay"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && dismissible) requestClose();
      }}
    >
      <div
        ref={panel}
        className={`modal modal-${size}${className ? ' ' + className : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          {dismissible && (
            <button type="button" className="icon-btn modal-close" aria-label="Close dialog" onClick={requestClose}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          )}
        </header>
        <div className="modal-body">{children}</div>
        {footer && <footer className="modal-footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}

/**
 * Close handler for a dialog route: back to the background location when the dialog was opened over
 * a page, otherwise to `fallback` (the dialog's natural parent page).
 */
export function useCloseRoute(fallback: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const background = (location.state as { backgroundLocation?: { pathname: string; search?: string; hash?: string } } | null)
    ?.backgroundLocation;
  return useCallback(() => {
    if (background) navigate(`${background.pathname}${background.search ?? ''}${background.hash ?? ''}`, { replace: true });
    else navigate(fallback, { replace: true });
  }, [background, fallback, navigate]);
}

/** Navigates to a dialog route keeping the current page as its background. */
export function useOpenModal(): (path: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (path: string) => {
      const current = (location.state as { backgroundLocation?: unknown } | null)?.backgroundLocation ?? location;
      navigate(path, { state: { backgroundLocation: current } });
    },
    [location, navigate],
  );
}
