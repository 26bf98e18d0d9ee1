import { describe, expect, it } from 'vitest';
import { GRID_ROW_HEIGHT, screenClass } from '../domain/grid';

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

describe('row height (app spec §9: 300)', () => {
  it('is 300 px on every screen, a laptop and a phone included: a short viewport scrolls', async () => {
    const { renderHook } = await import('@testing-library/react');
    const { useRowHeight } = await import('./useScreen');
    expect(GRID_ROW_HEIGHT).toBe(300);
    const root = document.documentElement;
    for (const h of [400, 844, 900, 1200]) {
      Object.defineProperty(root, 'clientHeight', { configurable: true, get: () => h });
      try {
        expect(renderHook(() => useRowHeight()).result.current).toBe(300);
      } finally {
        delete (root as unknown as { clientHeight?: number }).clientHeight;
      }
    }
  });
});
