// The 'Trusted by Global Media' strip: sixteen marks drawn for the product, each an emblem and a wordmark of
// an invented outlet (no real publication, no third-party logo). Each mark is one SVG of its own, drawn in
// the strip's muted colour (currentColor) so it reads in both themes.
import type { ReactElement } from 'react';

export interface MediaMark {
  name: string;
  /** The emblem, drawn in a 32 × 32 box at the mark's left. */
  emblem: ReactElement;
  /** The wordmark's letterforms. */
  font: 'serif' | 'sans' | 'mono';
  upper?: boolean;
}

const S = { fill: 'none', stroke: 'currentColor', strokeWidth: 2.5, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const mediaMarks: MediaMark[] = [
  { name: 'Market Ledger', font: 'serif', emblem: <g><rect x="4" y="6" width="24" height="5" rx="1" fill="currentColor" /><rect x="4" y="14" width="18" height="5" rx="1" fill="currentColor" /><rect x="4" y="22" width="12" height="5" rx="1" fill="currentColor" /></g> },
  { name: 'The Options Desk', font: 'sans', emblem: <g {...S}><circle cx="12" cy="16" r="8" /><circle cx="20" cy="16" r="8" /></g> },
  { name: 'Capital Wire', font: 'sans', upper: true, emblem: <polyline {...S} points="3,22 9,10 15,22 21,10 27,22" /> },
  { name: 'Volatility Weekly', font: 'serif', emblem: <path {...S} d="M3 16 C7 4, 11 4, 15 16 S23 28, 29 16" /> },
  { name: 'Trading Floor Daily', font: 'sans', emblem: <g fill="currentColor"><rect x="4" y="4" width="10" height="10" /><rect x="18" y="4" width="10" height="10" opacity="0.55" /><rect x="4" y="18" width="10" height="10" opacity="0.55" /><rect x="18" y="18" width="10" height="10" /></g> },
  { name: 'Finance Horizon', font: 'serif', emblem: <g {...S}><path d="M6 22 A10 10 0 0 1 26 22" /><line x1="2" y1="26" x2="30" y2="26" /><line x1="16" y1="4" x2="16" y2="8" /></g> },
  { name: 'The Strike Report', font: 'sans', upper: true, emblem: <g {...S}><rect x="4" y="4" width="24" height="24" rx="3" /><line x1="9" y1="23" x2="23" y2="9" /></g> },
  { name: 'Global Markets Review', font: 'serif', emblem: <g {...S}><circle cx="16" cy="16" r="12" /><ellipse cx="16" cy="16" rx="5" ry="12" /><line x1="4" y1="16" x2="28" y2="16" /></g> },
  { name: 'Derivatives Today', font: 'sans', emblem: <g {...S}><polygon points="16,3 29,27 3,27" /><polygon points="16,13 22,24 10,24" fill="currentColor" /></g> },
  { name: 'Open Interest Journal', font: 'serif', emblem: <g><circle cx="16" cy="16" r="11" {...S} /><circle cx="16" cy="16" r="4" fill="currentColor" /></g> },
  { name: 'The Quant Brief', font: 'mono', emblem: <polygon {...S} points="16,3 27,9.5 27,22.5 16,29 5,22.5 5,9.5" /> },
  { name: 'Equity Pulse', font: 'sans', emblem: <polyline {...S} points="2,17 9,17 12,8 17,26 21,13 23,17 30,17" /> },
  { name: 'Index Watch', font: 'sans', upper: true, emblem: <g><path {...S} d="M3 16 Q16 3 29 16 Q16 29 3 16 Z" /><circle cx="16" cy="16" r="4" fill="currentColor" /></g> },
  { name: 'The Hedge Letter', font: 'serif', emblem: <g {...S}><path d="M16 3 L27 7 V15 C27 22 22 27 16 29 C10 27 5 22 5 15 V7 Z" /><line x1="16" y1="9" x2="16" y2="23" /></g> },
  { name: 'Risk & Return', font: 'serif', emblem: <g {...S}><polyline points="4,12 16,4 28,12" /><polyline points="4,20 16,28 28,20" /></g> },
  { name: 'Session Close', font: 'mono', upper: true, emblem: <g {...S}><circle cx="16" cy="16" r="12" /><polyline points="16,9 16,16 22,19" /></g> },
];

const FONTS = { serif: "Georgia, 'Times New Roman', serif", sans: "'Helvetica Neue', Arial, sans-serif", mono: "'Courier New', monospace" };

/** One mark: its emblem and wordmark as one SVG, named for assistive technology by the outlet's name. */
export function MediaMarkSvg({ mark }: { mark: MediaMark }) {
  const text = mark.upper ? mark.name.toUpperCase() : mark.name;
  const width = 44 + Math.round(text.length * (mark.upper ? 9.6 : 8.6));
  return (
    <svg className="pub-media__mark" viewBox={`0 0 ${width} 32`} height={32} width={width} role="img" aria-label={mark.name} xmlns="http://www.w3.org/2000/svg">
      {mark.emblem}
      <text x={40} y={22} fill="currentColor" fontFamily={FONTS[mark.font]} fontSize={mark.upper ? 14 : 16} fontWeight={700} letterSpacing={mark.upper ? 1.2 : 0.2}>
        {text}
      </text>
    </svg>
  );
}

export const MEDIA_STRIP = { gap: 80, speed: 300, hoverSpeed: 100 } as const;
