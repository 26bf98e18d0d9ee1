import { describe, expect, it } from 'vitest';
import { PNG_PADDING, drawPng, footerText, pngLayout, type PngText } from './png';

const TEXT: PngText = { title: 'SPX · Gamma exposure', subtitle: 'Calls + puts · All expirations', asOf: '2026-01-02 15:35 ET', source: 'Synthetic demo · no delay', watermark: 'Volland' };

const inside = (x: number, y: number, r: { x: number; y: number; w: number; h: number }) => x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;

describe('PNG composition', () => {
  it('puts the title and subtitle above the picture, the time and source below, the watermark on it', () => {
    const l = pngLayout(600, 300, TEXT);
    expect(l.chart).toEqual({ x: PNG_PADDING, y: l.chart.y, w: 600, h: 300 });
    expect(l.width).toBe(600 + 2 * PNG_PADDING);
    const [title, subtitle, footer, watermark] = l.texts;
    expect(title.text).toBe(TEXT.title);
    expect(subtitle.text).toBe(TEXT.subtitle);
    expect(title.y).toBeLessThan(subtitle.y);
    expect(subtitle.y).toBeLessThan(l.chart.y);
    expect(footer.text).toBe('As of 2026-01-02 15:35 ET · Synthetic demo · no delay');
    expect(footer.y).toBeGreaterThan(l.chart.y + l.chart.h);
    expect(footer.y).toBeLessThanOrEqual(l.height);
    expect(watermark.text).toBe('Volland');
    expect(inside(watermark.x, watermark.y, l.chart)).toBe(true);
    expect(watermark.alpha).toBeLessThan(0.5);
    // The watermark is drawn last, over the picture.
    expect(l.texts[l.texts.length - 1]).toBe(watermark);
  });

  it('closes up without a subtitle and names what it knows in the footer', () => {
    const l = pngLayout(300.4, 200.6, { title: 'T', watermark: 'Volland' });
    expect(l.texts.map((t) => t.text)).toEqual(['T', 'Volland']);
    expect(l.chart.w).toBe(300);
    expect(l.chart.h).toBe(201);
    expect(pngLayout(300, 200, { title: 'T', watermark: 'W' }).chart.y).toBeLessThan(pngLayout(300, 200, TEXT).chart.y);
    expect(footerText({ asOf: null, source: 'EOD file' })).toBe('EOD file');
    expect(footerText({ asOf: 'x' })).toBe('As of x');
  });

  it('draws the background, the picture clipped to its area, then every text', () => {
    const calls: unknown[][] = [];
    const ctx = new Proxy({} as Record<string, unknown>, {
      get: (target, key) => (key in target ? target[key as string] : (...args: unknown[]) => calls.push([key, ...args])),
      set: (target, key, value) => {
        target[key as string] = value;
        calls.push([`set ${String(key)}`, value]);
        return true;
      },
    }) as unknown as CanvasRenderingContext2D;
    const l = pngLayout(400, 200, TEXT);
    const source = {} as CanvasImageSource;
    drawPng(ctx, l, [{ source, x: 10, y: 5, w: 380, h: 190 }, { source, x: 0, y: 0, w: 0, h: 10 }], { background: '#101010', text: '#eeeeee' });
    const names = calls.map((c) => c[0]);
    expect(calls).toContainEqual(['fillRect', 0, 0, l.width, l.height]);
    expect(calls).toContainEqual(['rect', l.chart.x, l.chart.y, l.chart.w, l.chart.h]);
    expect(calls.filter((c) => c[0] === 'drawImage')).toEqual([['drawImage', source, l.chart.x + 10, l.chart.y + 5, 380, 190]]);
    const texts = calls.filter((c) => c[0] === 'fillText').map((c) => c[1]);
    expect(texts).toEqual([TEXT.title, TEXT.subtitle, footerText(TEXT), 'Volland']);
    expect(names.indexOf('drawImage')).toBeLessThan(names.indexOf('fillText'));
    expect(names.indexOf('clip')).toBeLessThan(names.indexOf('drawImage'));
  });
});
