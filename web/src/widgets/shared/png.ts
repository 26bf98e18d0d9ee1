// A chart widget as a PNG: its title and subtitle above the picture, the as-of time and the source below,
// and the product's watermark over the picture. `pngLayout` (pure) places every part; `drawPng` paints a
// layout on a 2D context; `widgetPng` copies the widget's canvases (uPlot's 2D canvas, deck.gl's WebGL
// canvas) and drawing SVGs (a surface's axes) into the picture area; HTML overlays (legends, readouts) are
// not part of the picture.

export interface PngText {
  title: string;
  subtitle?: string | null;
  /** 'Jan 2, 2026 15:35 ET'. */
  asOf?: string | null;
  /** 'Synthetic market · delay 0 s'. */
  source?: string | null;
  watermark: string;
}

export interface TextItem {
  text: string;
  x: number;
  y: number;
  font: string;
  align: CanvasTextAlign;
  alpha: number;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PngLayout {
  width: number;
  height: number;
  /** Where the chart's picture goes (CSS pixels of the widget body, unscaled). */
  chart: Rect;
  /** Every text drawn, in drawing order: title, subtitle, footer, watermark last (over the picture). */
  texts: TextItem[];
}

export const PNG_PADDING = 16;
const TITLE_FONT = 'bold 16px system-ui, sans-serif';
const SMALL_FONT = '12px system-ui, sans-serif';
const WATERMARK_FONT = 'bold 28px system-ui, sans-serif';

/** The footer line: 'As of Jan 2, 2026 15:35 ET · Synthetic market'. */
export function footerText(t: Pick<PngText, 'asOf' | 'source'>): string {
  return [t.asOf ? `As of ${t.asOf}` : null, t.source].filter(Boolean).join(' · ');
}

/** Places the parts around a chart picture of `chartWidth` × `chartHeight` CSS pixels. */
export function pngLayout(chartWidth: number, chartHeight: number, t: PngText): PngLayout {
  const p = PNG_PADDING;
  const texts: TextItem[] = [];
  let y = p + 16;
  texts.push({ text: t.title, x: p, y, font: TITLE_FONT, align: 'left', alpha: 1 });
  if (t.subtitle) {
    y += 18;
    texts.push({ text: t.subtitle, x: p, y, font: SMALL_FONT, align: 'left', alpha: 0.75 });
  }
  const chart: Rect = { x: p, y: y + 12, w: Math.max(1, Math.round(chartWidth)), h: Math.max(1, Math.round(chartHeight)) };
  const footer = footerText(t);
  const footerY = chart.y + chart.h + 20;
  if (footer) texts.push({ text: footer, x: p, y: footerY, font: SMALL_FONT, align: 'left', alpha: 0.85 });
  // The watermark sits in the picture's lower right corner, faint, like the card's.
  texts.push({ text: t.watermark, x: chart.x + chart.w - 12, y: chart.y + chart.h - 14, font: WATERMARK_FONT, align: 'right', alpha: 0.18 });
  return { width: chart.w + 2 * p, height: footerY + p - 4, chart, texts };
}

export interface PngColors {
  background: string;
  text: string;
}

/** A canvas drawn inside the picture area, at its offset from the widget body's top left (CSS pixels). */
export interface PictureLayer {
  source: CanvasImageSource;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Paints a layout: background, the picture's layers, then the texts (the watermark over the picture). */
export function drawPng(ctx: CanvasRenderingContext2D, layout: PngLayout, layers: PictureLayer[], colors: PngColors): void {
  ctx.save();
  ctx.fillStyle = colors.background;
  ctx.fillRect(0, 0, layout.width, layout.height);
  const { chart } = layout;
  ctx.save();
  ctx.beginPath();
  ctx.rect(chart.x, chart.y, chart.w, chart.h);
  ctx.clip();
  for (const l of layers) if (l.w > 0 && l.h > 0) ctx.drawImage(l.source, chart.x + l.x, chart.y + l.y, l.w, l.h);
  ctx.restore();
  ctx.fillStyle = colors.text;
  ctx.textBaseline = 'alphabetic';
  for (const t of layout.texts) {
    ctx.globalAlpha = t.alpha;
    ctx.font = t.font;
    ctx.textAlign = t.align;
    ctx.fillText(t.text, t.x, t.y, layout.width - 2 * PNG_PADDING);
  }
  ctx.restore();
}

/**
 * Event sent to each canvas just before it is copied: a WebGL canvas (deck.gl keeps no drawing buffer) draws
 * its frame again synchronously on it, so the copy made right after reads a full frame.
 */
export const CAPTURE_EVENT = 'volland:capture';

/** Smallest SVG copied into the picture (smaller ones are icons, not drawing). */
const MIN_SVG_PX = 24;

/**
 * An SVG overlay (a surface's axes and ticks) as an image: a copy with the colours and fonts its stylesheet
 * gives it written inline, since an SVG drawn as an image sees no page styles.
 */
async function svgImage(svg: SVGSVGElement, width: number, height: number): Promise<HTMLImageElement | null> {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const root = getComputedStyle(svg);
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.setAttribute('style', `color:${root.color};font-family:${root.fontFamily};font-size:${root.fontSize}`);
  const from = Array.from(svg.querySelectorAll<SVGElement>('text, line, path, rect, circle, polyline, polygon'));
  const to = Array.from(clone.querySelectorAll<SVGElement>('text, line, path, rect, circle, polyline, polygon'));
  from.forEach((el, i) => {
    const cs = getComputedStyle(el);
    const text = el.tagName.toLowerCase() === 'text' ? `;font-size:${cs.fontSize};font-weight:${cs.fontWeight};font-family:${cs.fontFamily}` : '';
    to[i]?.setAttribute('style', `fill:${cs.fill};stroke:${cs.stroke};opacity:${cs.opacity}${text}`);
  });
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(clone))}`;
  try {
    await img.decode();
    return img;
  } catch {
    return null;
  }
}

/**
 * The widget body's picture as a PNG blob: every visible canvas and drawing SVG under `body`, in page order,
 * composed with the texts.
 */
export async function widgetPng(body: HTMLElement, t: PngText, colors: PngColors): Promise<Blob> {
  const box = body.getBoundingClientRect();
  const parts: { el: Element; x: number; y: number; w: number; h: number; img?: HTMLImageElement | null }[] = [];
  for (const el of Array.from(body.querySelectorAll('canvas, svg'))) {
    if (el.tagName.toLowerCase() === 'svg' && el.parentElement?.closest('svg')) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) continue;
    if (el.tagName.toLowerCase() === 'svg' && (r.width < MIN_SVG_PX || r.height < MIN_SVG_PX)) continue;
    parts.push({ el, x: r.left - box.left, y: r.top - box.top, w: r.width, h: r.height });
  }
  // The SVG images load first; the canvases are copied after, in one task, each right after its redraw.
  for (const p of parts) if (p.el.tagName.toLowerCase() === 'svg') p.img = await svgImage(p.el as SVGSVGElement, p.w, p.h);
  const layout = pngLayout(box.width, box.height, t);
  const scale = Math.max(1, Math.min(3, window.devicePixelRatio || 1));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(layout.width * scale);
  canvas.height = Math.round(layout.height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw a picture of the chart.');
  ctx.scale(scale, scale);
  const layers: PictureLayer[] = [];
  for (const p of parts) {
    if (p.el.tagName.toLowerCase() === 'canvas') {
      p.el.dispatchEvent(new Event(CAPTURE_EVENT));
      layers.push({ source: p.el as HTMLCanvasElement, x: p.x, y: p.y, w: p.w, h: p.h });
    } else if (p.img) layers.push({ source: p.img, x: p.x, y: p.y, w: p.w, h: p.h });
  }
  drawPng(ctx, layout, layers, colors);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The picture could not be made.'))), 'image/png'));
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
