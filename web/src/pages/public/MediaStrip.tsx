import { useEffect, useRef } from 'react';
import { MediaMarkSvg, type MediaMark } from '../../content/media';

interface MediaStripProps {
  items: readonly MediaMark[];
  /** Space between marks, px. */
  gap: number;
  /** Scrolling speed, px per second. */
  speed: number;
  /** Speed while the pointer is over the strip, px per second. */
  hoverSpeed: number;
}

/**
 * Endless horizontal strip of the outlets' marks (SVG). The list is rendered twice and shifted left by
 * `speed` px/s; when one copy has fully passed, the offset wraps, so the motion is seamless.
 * Hovering slows it to `hoverSpeed`. Users who prefer reduced motion get a static, wrapping row.
 */
export function MediaStrip({ items, gap, speed, hoverSpeed }: MediaStripProps) {
  const rowRef = useRef<HTMLDivElement>(null);
  const firstCopyRef = useRef<HTMLDivElement>(null);
  const hovering = useRef(false);

  useEffect(() => {
    const row = rowRef.current;
    const copy = firstCopyRef.current;
    if (!row || !copy) return;
    const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (reduced || typeof window.requestAnimationFrame !== 'function') return;
    let offset = 0;
    let last: number | null = null;
    let frame = 0;
    const tick = (now: number) => {
      const width = copy.offsetWidth + gap;
      if (last !== null && width > gap) {
        const dt = Math.min((now - last) / 1000, 0.1);
        offset += (hovering.current ? hoverSpeed : speed) * dt;
        if (offset >= width) offset -= width;
        row.style.transform = `translate3d(${-offset}px,0,0)`;
      }
      last = now;
      frame = window.requestAnimationFrame(tick);
    };
    frame = window.requestAnimationFrame(tick);
    return () => window.cancelAnimationFrame(frame);
  }, [gap, speed, hoverSpeed]);

  const copy = (hidden: boolean, ref?: typeof firstCopyRef) => (
    <div ref={ref} className="pub-media__copy" style={{ gap }} aria-hidden={hidden || undefined}>
      {items.map((mark) => (
        <span key={mark.name} className="pub-media__badge" data-testid="media-mark">
          <MediaMarkSvg mark={mark} />
        </span>
      ))}
    </div>
  );

  return (
    <div
      className="pub-media"
      onMouseEnter={() => {
        hovering.current = true;
      }}
      onMouseLeave={() => {
        hovering.current = false;
      }}
    >
      <div ref={rowRef} className="pub-media__row" style={{ gap }} data-testid="media-strip">
        {copy(false, firstCopyRef)}
        {copy(true)}
      </div>
    </div>
  );
}
