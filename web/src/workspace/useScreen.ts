// The screen class from the real viewport width, followed with a resize observer on the root element:
// a page opened narrow, then widened (or a phone rotated) switches layout without a reload.
import { useEffect, useState } from 'react';
import { rowHeightFor, screenClass, type ScreenClass } from '../domain/grid';

const viewportWidth = () => (typeof document === 'undefined' ? 1280 : document.documentElement.clientWidth || window.innerWidth);

export function useScreenClass(): ScreenClass {
  const [cls, setCls] = useState<ScreenClass>(() => screenClass(viewportWidth()));
  useEffect(() => {
    const measure = () => setCls(screenClass(viewportWidth()));
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const ro = new ResizeObserver(measure);
    ro.observe(document.documentElement);
    return () => ro.disconnect();
  }, []);
  return cls;
}

/** The grid's row height for the current viewport height (grid.rowHeightFor), following resizes. */
export function useRowHeight(): number {
  // The layout viewport's height, not innerHeight: a phone browser zooms out for a moment while content is
  // wider than the screen (innerHeight then counts the zoomed-out area) and zooms back without a resize
  // event, which left phone tiles sized for a screen three times as tall.
  const height = () => (typeof window === 'undefined' ? 1080 : document.documentElement.clientHeight || window.innerHeight);
  const [h, setH] = useState(() => rowHeightFor(height()));
  useEffect(() => {
    const measure = () => setH(rowHeightFor(height()));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return h;
}
