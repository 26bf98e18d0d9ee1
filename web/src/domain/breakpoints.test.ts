// The breakpoint table (app spec §9) lives in one module, the grid's classes come from it, and the
// stylesheets' width queries use its numbers only.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BREAKPOINTS, TABLET_BELOW, breakpointOf, isSmallLayout } from './breakpoints';
import { MOBILE_MAX, TABLET_MAX, screenClass } from './grid';

function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? cssFiles(p) : p.endsWith('.css') ? [p] : [];
  });
}

describe('breakpoints', () => {
  it('are the spec table 0 … 4800', () => {
    expect(Object.values(BREAKPOINTS)).toEqual([0, 480, 640, 768, 1280, 1600, 1920, 2560, 3200, 4800]);
    expect(breakpointOf(479)).toBe('xxs');
    expect(breakpointOf(768)).toBe('md');
    expect(breakpointOf(5000)).toBe('xxxxxl');
    expect(breakpointOf(3200)).toBe('xxxxl');
    expect(Object.keys(BREAKPOINTS).slice(0, 9)).toEqual(['xxs', 'xs', 'sm', 'md', 'lg', 'xl', 'xxl', 'xxxl', 'xxxxl']);
  });

  it('give the grid its mobile and tablet limits and the small layouts', () => {
    expect(MOBILE_MAX).toBe(BREAKPOINTS.md);
    expect(TABLET_MAX).toBe(TABLET_BELOW);
    expect(isSmallLayout(767)).toBe(true);
    expect(isSmallLayout(768)).toBe(false);
    expect(screenClass(BREAKPOINTS.md - 1)).toBe('mobile');
  });

  it('are the only widths the stylesheets query', () => {
    const allowed = new Set<number>();
    for (const b of [...Object.values(BREAKPOINTS), TABLET_BELOW]) {
      allowed.add(b);
      allowed.add(b - 1);
    }
    const found: string[] = [];
    for (const file of cssFiles(resolve(__dirname, '..'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\((?:min|max)-width:\s*(\d+)px\)/g)) {
        if (!allowed.has(Number(m[1]))) found.push(`${file}: ${m[0]}`);
      }
    }
    expect(found).toEqual([]);
  });
});
