// The screen class from the real viewport width, followed with a resize observer on the root element:
// a page opened narrow, then widened (or a phone rotated) switches layout without a reload.
import { useEffect, useState } from 'react';
import { GRID_ROW_HEIGHT, screenClass, type ScreenClass } from '../domain/grid';

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

/** The grid's row height: the spec's 300 px whatever the viewport (a short one scrolls). */
export function useRowHeight(): number {
  return GRID_ROW_HEIGHT;
}
