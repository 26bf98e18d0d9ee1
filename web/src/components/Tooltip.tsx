// Tooltip, the one every hint of the app uses: shows on hover and focus, hides 200 ms after leaving (app
// spec §9); Escape hides it. `open` (manual) shows it for 3000 ms each time it turns true (e.g. after a
// copy). `portal` draws it in a layer of its own under the anchor, so a small widget does not clip it.
import { cloneElement, useEffect, useId, useLayoutEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export const TOOLTIP_HIDE_MS = 200;
export const MANUAL_TOOLTIP_MS = 3000;

/** Open state of a tooltip: `show` at once, `hide` TOOLTIP_HIDE_MS after leaving (cancelled by a new show). */
export function useHoverOpen() {
  const [open, setOpen] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
  }, []);

  const show = () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    setOpen(true);
  };
  const hide = () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setOpen(false), TOOLTIP_HIDE_MS);
  };
  return { open, setOpen, show, hide };
}

export interface TooltipProps {
  content: ReactNode;
  children: ReactElement;
  /** Manual: shows the tooltip for MANUAL_TOOLTIP_MS each time it turns true. */
  open?: boolean;
  /** Drawn in document.body under the anchor, `width` px wide (kept inside the window). */
  portal?: boolean;
  width?: number;
  className?: string;
  testId?: string;
}

export function Tooltip({ content, children, open: manualOpen, portal = false, width = 280, className, testId }: TooltipProps) {
  const { open, setOpen, show, hide } = useHoverOpen();
  const id = useId();
  const anchor = useRef<HTMLSpanElement>(null);
  const [pos, setPos] = useState<{ top: number; left: number } | null>(null);

  useEffect(() => {
    if (!manualOpen) return undefined;
    setOpen(true);
    const t = setTimeout(() => setOpen(false), MANUAL_TOOLTIP_MS);
    return () => clearTimeout(t);
  }, [manualOpen, setOpen]);

  useLayoutEffect(() => {
    if (!open || !portal || !anchor.current) return;
    const r = anchor.current.getBoundingClientRect();
    const vw = window.innerWidth || document.documentElement.clientWidth;
    setPos({ top: r.bottom + 6, left: Math.max(8, Math.min(r.left, vw - width - 8)) });
  }, [open, portal, width]);

  const tip = (
    <span
      role="tooltip"
      id={id}
      className={`tooltip${portal ? ' tooltip--layer' : ''}${className ? ` ${className}` : ''}`}
      data-testid={testId}
      style={portal ? { position: 'fixed', top: pos?.top ?? 0, left: pos?.left ?? 0, width, visibility: pos ? 'visible' : 'hidden' } : undefined}
    >
      {content}
    </span>
  );
  return (
    <span
      ref={anchor}
      className="tooltip-wrap"
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
        }
      }}
    >
      {/* The described control is the child itself (its accessible description is the tip). */}
      {cloneElement(children as ReactElement<{ 'aria-describedby'?: string }>, { 'aria-describedby': open ? id : undefined })}
      {open && (portal ? createPortal(tip, document.body) : tip)}
    </span>
  );
}
