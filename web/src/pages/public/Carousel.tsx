import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';

/** Pixels of tolerance so sub-pixel scroll positions still count as "at the edge". */
const EDGE_TOLERANCE = 2;
/** Movement beyond this many pixels turns a press into a drag (and suppresses the click). */
const DRAG_THRESHOLD = 5;

export interface CarouselEdges {
  atStart: boolean;
  atEnd: boolean;
}

/** Which ends of a horizontal scroller are reached, from its scroll metrics. */
export function carouselEdges(scrollLeft: number, clientWidth: number, scrollWidth: number): CarouselEdges {
  return {
    atStart: scrollLeft <= EDGE_TOLERANCE,
    atEnd: scrollLeft + clientWidth >= scrollWidth - EDGE_TOLERANCE,
  };
}

interface CarouselProps {
  label: string;
  children: ReactNode;
  className?: string;
}

/**
 * Horizontally scrollable track with previous/next buttons (disabled at the ends), mouse drag
 * scrolling, and Arrow Left/Right when the track has focus. Touch devices keep native scrolling.
 */
export function Carousel({ label, children, className }: CarouselProps) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<CarouselEdges>({ atStart: true, atEnd: false });
  const drag = useRef<{ pointerId: number; startX: number; startScroll: number; moved: boolean } | null>(null);
  const suppressClick = useRef(false);
  const [dragging, setDragging] = useState(false);

  const update = useCallback(() => {
    const el = trackRef.current;
    if (!el) return;
    const next = carouselEdges(el.scrollLeft, el.clientWidth, el.scrollWidth);
    setEdges((prev) => (prev.atStart === next.atStart && prev.atEnd === next.atEnd ? prev : next));
  }, []);

  useEffect(() => {
    update();
    const el = trackRef.current;
    if (!el) return;
    el.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    const observer = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(update) : null;
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      observer?.disconnect();
    };
  }, [update]);

  const step = () => {
    const el = trackRef.current;
    if (!el) return 0;
    const first = el.firstElementChild as HTMLElement | null;
    const card = first ? first.getBoundingClientRect().width : 0;
    return Math.max(card + 24, el.clientWidth * 0.8);
  };

  const scrollByStep = (direction: 1 | -1) => {
    const el = trackRef.current;
    if (!el) return;
    const left = el.scrollLeft + direction * step();
    if (typeof el.scrollTo === 'function') el.scrollTo({ left, behavior: 'smooth' });
    else el.scrollLeft = left;
    // Smooth scrolling fires scroll events as it goes; this covers environments that jump instantly.
    update();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType !== 'mouse' || event.button !== 0) return;
    const el = trackRef.current;
    if (!el) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startScroll: el.scrollLeft, moved: false };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    const el = trackRef.current;
    if (!state || !el || state.pointerId !== event.pointerId) return;
    const dx = event.clientX - state.startX;
    if (!state.moved && Math.abs(dx) < DRAG_THRESHOLD) return;
    if (!state.moved) {
      state.moved = true;
      setDragging(true);
      el.setPointerCapture?.(event.pointerId);
    }
    el.scrollLeft = state.startScroll - dx;
    update();
  };

  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    suppressClick.current = state.moved;
    drag.current = null;
    setDragging(false);
    trackRef.current?.releasePointerCapture?.(event.pointerId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      scrollByStep(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      scrollByStep(-1);
    }
  };

  return (
    <div className={`pub-carousel${className ? ` ${className}` : ''}`} role="region" aria-roledescription="carousel" aria-label={label}>
      <div
        ref={trackRef}
        className={`pub-carousel__track${dragging ? ' is-dragging' : ''}`}
        tabIndex={0}
        aria-label={`${label}, scrollable`}
        data-testid="carousel-track"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onClickCapture={(e) => {
          if (suppressClick.current) {
            e.preventDefault();
            e.stopPropagation();
            suppressClick.current = false;
          }
        }}
        onDragStart={(e) => e.preventDefault()}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
      <div className="pub-carousel__controls">
        <button
          type="button"
          className="pub-icon-button"
          aria-label="Previous"
          disabled={edges.atStart}
          onClick={() => scrollByStep(-1)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <button
          type="button"
          className="pub-icon-button"
          aria-label="Next"
          disabled={edges.atEnd}
          onClick={() => scrollByStep(1)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </div>
    </div>
  );
}
