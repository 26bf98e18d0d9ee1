import { describe, expect, it } from 'vitest';
import { GRID_MARGIN, GRID_TOP_CHROME, rowHeightFor, screenClass } from '../domain/grid';

describe('screen classes (app spec §9 breakpoints)', () => {
  it('is mobile under 768, tablet under 1024, desktop above', () => {
    expect(screenClass(390)).toBe('mobile');
    expect(screenClass(767)).toBe('mobile');
    expect(screenClass(768)).toBe('tablet');
    expect(screenClass(1023)).toBe('tablet');
    expect(screenClass(1024)).toBe('desktop');
    expect(screenClass(1440)).toBe('desktop');
  });
});

describe('row height fits the tallest tile on the screen', () => {
  it('keeps 300 px on tall screens and lowers it on a laptop', () => {
    expect(rowHeightFor(1200)).toBe(300);
    const h = rowHeightFor(900);
    expect(h).toBeLessThan(300);
    // A 3-row Medium chart (rows + 2 inner margins) ends above the bottom of a 900 px window.
    expect(GRID_TOP_CHROME + 3 * h + 2 * GRID_MARGIN[1]).toBeLessThanOrEqual(900);
    expect(rowHeightFor(400)).toBe(200);
  });
});

describe('the row height follows the screen, not a zoomed-out moment', () => {
  it('reads the layout viewport: a phone briefly zoomed out (innerHeight 2762) still gets the rows of its 844 px screen', async () => {
    const { renderHook } = await import('@testing-library/react');
    const { useRowHeight } = await import('./useScreen');
    const root = document.documentElement;
    const before = window.innerHeight;
    Object.defineProperty(root, 'clientHeight', { configurable: true, get: () => 844 });
    window.innerHeight = 2762;
    try {
      const { result } = renderHook(() => useRowHeight());
      expect(result.current).toBe(rowHeightFor(844));
      expect(result.current).toBeLessThan(rowHeightFor(2762));
    } finally {
      delete (root as unknown as { clientHeight?: number }).clientHeight;
      window.innerHeight = before;
    }
  });
});
