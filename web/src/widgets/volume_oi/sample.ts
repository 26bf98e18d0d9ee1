// Demonstration data for the volume and open interest preview while its required fields are missing.
import type { VolumeOiResponse } from '../../api/data';
import { preview } from '../shared/sample';

export function sampleVolumeOi(): VolumeOiResponse {
  const strikes = Array.from({ length: 21 }, (_, k) => 5100 + k * 10);
  const bump = (k: number, at: number, w: number) => Math.round(4000 * Math.exp(-(((k - at) / w) ** 2)));
  return preview<VolumeOiResponse>({
    ticker: 'SPX', expirations: [], strikes,
    callVolume: strikes.map((s) => bump(s, 5230, 40)), putVolume: strikes.map((s) => bump(s, 5150, 50)),
    callOpenInterest: strikes.map((s) => 3 * bump(s, 5250, 60)), putOpenInterest: strikes.map((s) => 3 * bump(s, 5120, 60)),
    callOpenInterestChange: strikes.map((s) => bump(s, 5240, 30) - 800), putOpenInterestChange: strikes.map((s) => 600 - bump(s, 5140, 30)),
    currentPrice: 5200, previousSnapshot: null,
  });
}
