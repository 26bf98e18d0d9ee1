import type { ReactNode } from 'react';
import type { FeaturePreviewKind } from '../../content/features';

/** Deterministic pseudo-random sequence so the mock charts look organic but never change. */
function series(seed: number, n: number): number[] {
  let s = seed;
  const out: number[] = [];
  for (let i = 0; i < n; i += 1) {
    s = (s * 9301 + 49297) % 233280;
    out.push(s / 233280);
  }
  return out;
}

const W = 560;
const H = 360;

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="pub-preview" role="img" aria-label={title}>
      <rect x="0.5" y="0.5" width={W - 1} height={H - 1} rx="16" className="pub-preview__frame" />
      <circle cx="22" cy="22" r="5" className="pub-preview__dot" />
      <circle cx="38" cy="22" r="5" className="pub-preview__dot" />
      <circle cx="54" cy="22" r="5" className="pub-preview__dot" />
      {children}
    </svg>
  );
}

/** Exposure by strike: diverging bars around a price marker, with wall labels. */
function MetricsPreview() {
  const n = 22;
  const noise = series(7, n);
  const top = 56;
  const rowH = (H - top - 24) / n;
  const mid = W / 2 + 20;
  const priceRow = 11;
  return (
    <Frame title="Preview: dealer exposure by strike with call wall, put wall and current price">
      <text x="24" y="48" className="pub-preview__label">SPX · Gamma exposure</text>
      <line x1={mid} y1={top} x2={mid} y2={H - 20} className="pub-preview__axis" />
      {noise.map((r, i) => {
        const shape = Math.exp(-((i - priceRow) ** 2) / 40);
        const sign = i < priceRow ? 1 : -1;
        const len = (40 + 180 * shape) * (0.45 + 0.55 * r) * sign;
        const y = top + i * rowH + 1;
        const x = len >= 0 ? mid : mid + len;
        return (
          <g key={i}>
            <text x="24" y={y + rowH * 0.7} className="pub-preview__tick">
              {5900 - i * 10}
            </text>
            <rect
              x={x}
              y={y}
              width={Math.abs(len)}
              height={Math.max(rowH - 3, 2)}
              rx="2"
              className={len >= 0 ? 'pub-preview__pos' : 'pub-preview__neg'}
            />
          </g>
        );
      })}
      <line x1="80" x2={W - 24} y1={top + priceRow * rowH - 1} y2={top + priceRow * rowH - 1} className="pub-preview__price" />
      <text x={W - 24} y={top + priceRow * rowH - 6} textAnchor="end" className="pub-preview__label">Spot 5,791</text>
      <text x={W - 24} y={top + 8 * rowH + 10} textAnchor="end" className="pub-preview__tag">Call wall</text>
      <text x={W - 24} y={top + 14 * rowH + 10} textAnchor="end" className="pub-preview__tag">Put wall</text>
    </Frame>
  );
}

/** Three greek trend lines over time with a legend. */
function GreeksPreview() {
  const n = 40;
  const left = 40;
  const right = W - 24;
  const top = 70;
  const bottom = H - 36;
  const lines = [
    { name: 'Vanna', cls: 'pub-preview__line1', seed: 3, base: 0.35 },
    { name: 'Charm', cls: 'pub-preview__line2', seed: 11, base: 0.55 },
    { name: 'Gamma', cls: 'pub-preview__line3', seed: 23, base: 0.7 },
  ];
  const path = (seed: number, base: number) => {
    const r = series(seed, n);
    let v = base;
    return r
      .map((x, i) => {
        v = Math.min(0.95, Math.max(0.05, v + (x - 0.5) * 0.09));
        const px = left + ((right - left) * i) / (n - 1);
        const py = top + (bottom - top) * v;
        return `${i === 0 ? 'M' : 'L'}${px.toFixed(1)},${py.toFixed(1)}`;
      })
      .join(' ');
  };
  return (
    <Frame title="Preview: vanna, charm and gamma trends over twelve months">
      {lines.map((l, i) => (
        <g key={l.name}>
          <rect x={24 + i * 96} y="38" width="12" height="12" rx="3" className={`${l.cls} pub-preview__swatch`} />
          <text x={42 + i * 96} y="48" className="pub-preview__label">{l.name}</text>
        </g>
      ))}
      {[0, 1, 2, 3].map((i) => (
        <line key={i} x1={left} x2={right} y1={top + ((bottom - top) * i) / 3} y2={top + ((bottom - top) * i) / 3} className="pub-preview__grid" />
      ))}
      {lines.map((l) => (
        <path key={l.name} d={path(l.seed, l.base)} className={`${l.cls} pub-preview__stroke`} />
      ))}
      {['Jan', 'Apr', 'Jul', 'Oct', 'Dec'].map((m, i) => (
        <text key={m} x={left + ((right - left) * i) / 4} y={H - 14} textAnchor="middle" className="pub-preview__tick">{m}</text>
      ))}
    </Frame>
  );
}

/** A dashboard of widget tiles on a grid. */
function WorkspacesPreview() {
  const bars = series(5, 14);
  const spark = series(17, 24);
  return (
    <Frame title="Preview: a personalized workspace with chart, ticker and 0DTE widgets">
      <rect x="24" y="40" width="72" height="18" rx="9" className="pub-preview__chip is-active" />
      <rect x="104" y="40" width="72" height="18" rx="9" className="pub-preview__chip" />
      <rect x="184" y="40" width="72" height="18" rx="9" className="pub-preview__chip" />
      <rect x="24" y="70" width="330" height="170" rx="10" className="pub-preview__tile" />
      {bars.map((b, i) => (
        <rect key={i} x={40 + i * 22} y={220 - b * 120} width="14" height={b * 120} rx="2" className={i % 3 === 0 ? 'pub-preview__neg' : 'pub-preview__pos'} />
      ))}
      <rect x="366" y="70" width="170" height="80" rx="10" className="pub-preview__tile" />
      <text x="380" y="96" className="pub-preview__label">SPY</text>
      <text x="380" y="126" className="pub-preview__big">+1.24%</text>
      <rect x="366" y="160" width="170" height="80" rx="10" className="pub-preview__tile" />
      <text x="380" y="186" className="pub-preview__label">0DTE paradigm</text>
      <text x="380" y="216" className="pub-preview__tag">Positive gamma</text>
      <rect x="24" y="252" width="512" height="84" rx="10" className="pub-preview__tile" />
      <path
        d={spark.map((v, i) => `${i === 0 ? 'M' : 'L'}${40 + i * 20.5},${320 - v * 50}`).join(' ')}
        className="pub-preview__line1 pub-preview__stroke"
      />
    </Frame>
  );
}

export function FeaturePreview({ kind }: { kind: FeaturePreviewKind }) {
  if (kind === 'greeks') return <GreeksPreview />;
  if (kind === 'workspaces') return <WorkspacesPreview />;
  return <MetricsPreview />;
}
