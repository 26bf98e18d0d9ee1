// Tooltip: shows on hover and focus, hides 200 ms after leaving (app spec §9). `manual` shows it for
// 3000 ms when `open` turns true (e.g. after a copy).
import { useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';

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

export function Tooltip({ content, children, open: manualOpen }: { content: ReactNode; children: ReactElement; open?: boolean }) {
  const { open, setOpen, show, hide } = useHoverOpen();
  const id = useId();

  useEffect(() => {
    if (!manualOpen) return undefined;
    setOpen(true);
    const t = setTimeout(() => setOpen(false), MANUAL_TOOLTIP_MS);
    return () => clearTimeout(t);
  }, [manualOpen, setOpen]);

  return (
    <span className="tooltip-wrap" onMouseEnter={show} onMouseLeave={hide} onFocus={show} onBlur={hide} aria-describedby={open ? id : undefined}>
      {children}
      {open && (
        <span role="tooltip" id={id} className="tooltip">
          {content}
        </span>
      )}
    </span>
  );
}
