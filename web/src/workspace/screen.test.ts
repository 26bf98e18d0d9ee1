import { describe, expect, it } from 'vitest';
import { screenClass } from './grid';

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
