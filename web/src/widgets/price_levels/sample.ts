// Demonstration answer of the price-and-levels chart (the dialog's preview before a ticker is chosen).
import type { PriceLevelsResponse } from '../../api/data';
import { preview } from '../shared/sample';

export function samplePriceLevels(): PriceLevelsResponse {
  const start = Date.UTC(2026, 0, 5, 14, 30);
  let p = 5195;
  const candles = Array.from({ length: 30 }, (_, i) => {
    const open = p;
    const close = p + Math.sin(i / 3) * 4;
    p = close;
    return { t: new Date(start + i * 300_000).toISOString(), open, high: Math.max(open, close) + 2, low: Math.min(open, close) - 2, close };
  });
  const levels = Array.from({ length: 6 }, (_, i) => ({
    t: new Date(start + i * 1_800_000).toISOString(), price: candles[i * 5].open,
    zeroGamma: 5180 + i, callWall: 5250, putWall: i < 3 ? 5120 : 5150, target: 5215, lis: 5170,
  }));
  return preview<PriceLevelsResponse>({
    ticker: 'SPX', frequency: 5, style: 'candles', sessions: ['2026-01-05'], expirations: [], zeroDte: true,
    candles, levels, currentPrice: p, lastModified: null,
  });
}
