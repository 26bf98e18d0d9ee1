// Demonstration data for the heatmap's preview while its required fields are missing.
import type { HeatmapResponse } from '../../api/data';
import { preview } from '../shared/sample';

export function sampleSessionHeatmap(greek = 'gamma'): HeatmapResponse {
  const strikes = Array.from({ length: 25 }, (_, k) => 5140 + k * 5);
  const times = Array.from({ length: 40 }, (_, i) => new Date(Date.UTC(2026, 0, 5, 14, 30) + i * 600_000).toISOString());
  const spot = times.map((_, i) => 5200 + 12 * Math.sin(i / 6) + i * 0.4);
  const values = times.map((_, i) => strikes.map((s) => 1e8 * Math.sin((s - spot[i]) / 18) * Math.exp(-(((s - spot[i]) / 40) ** 2))));
  return preview<HeatmapResponse>({ ticker: 'SPX', greek, kind: 'both', expirations: [], times, strikes, values, spot, currentPrice: spot[spot.length - 1] });
}
