// "?" beside a figure: a real button (Enter and Space open it) that opens the figure's dictionary entry in a
// small non-modal dialog. Escape, the close button, a second press or a press outside closes it; focus
// moves into the dialog on open and back to the button on close. The entries come from the app through
// ExplainProvider (the dictionary is content, which components and widgets do not import).
import { createContext, useCallback, useContext, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface ExplainEntry {
  title: string;
  description: string;
  /** Where the full dictionary shows the entry. */
  href: string;
}

/** The entry of a term id, or undefined when there is none (then no "?" is drawn). */
export type ExplainLookup = (term: string) => ExplainEntry | undefined;

const ExplainContext = createContext<ExplainLookup>(() => undefined);

export function ExplainProvider({ lookup, children }: { lookup: ExplainLookup; children: ReactNode }) {
  return <ExplainContext.Provider value={lookup}>{children}</ExplainContext.Provider>;
}

const WIDTH = 300;
const MARGIN = 8;

export function ExplainButton({ term, label }: { term: string; label?: string }) {
  const entry = useContext(ExplainContext)(term);
  const [open, setOpen] = useState(false);
  const [pos, setPos] = useState<{ top: number; left: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const dialogId = useId();
  const titleId = useId();
  const name = label ?? entry?.title ?? term;

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  useLayoutEffect(() => {
    if (!open || !button.current) return;
    const r = button.current.getBoundingClientRect();
    const vw = window.innerWidth || document.documentElement.clientWidth;
    const left = Math.max(MARGIN, Math.min(r.left, vw - WIDTH - MARGIN));
    setPos({ top: r.bottom + 6, left });
    panel.current?.focus({ preventScroll: true });
  }, [open]);

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        close(true);
      }
    };
    const onDown = (e: PointerEvent) => {
      const t = e.target as Node;
      if (panel.current?.contains(t) || button.current?.contains(t)) return;
      close(false);
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open, close]);

  if (!entry) return null;
  return (
    <>
      <button
        ref={button}
        type="button"
        className="explain-btn"
        aria-label={`What is ${name}?`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? dialogId : undefined}
        data-testid={`explain-${term}`}
        onClick={(e) => {
          e.stopPropagation();
          setOpen((o) => !o);
        }}
        onPointerDown={(e) => e.stopPropagation()}
        onMouseDown={(e) => e.stopPropagation()}
      >
        ?
      </button>
      {open &&
        createPortal(
          <div
            ref={panel}
            id={dialogId}
            role="dialog"
            aria-labelledby={titleId}
            tabIndex={-1}
            className="explain-pop"
            data-testid="explain-dialog"
            style={{ top: pos?.top ?? 0, left: pos?.left ?? 0, width: WIDTH, visibility: pos ? 'visible' : 'hidden' }}
          >
            <div className="explain-pop__head">
              <h2 id={titleId} className="explain-pop__title">{entry.title}</h2>
              <button type="button" className="explain-pop__close" aria-label="Close" onClick={() => close(true)}>
                ×
              </button>
            </div>
            <p className="explain-pop__text">{entry.description}</p>
            <a className="explain-pop__link" href={entry.href} target="_blank" rel="noopener noreferrer">
              Open in the dictionary
            </a>
          </div>,
          document.body,
        )}
    </>
  );
}
