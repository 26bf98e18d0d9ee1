// Deterministic demonstration data for previews whose required fields are not filled yet.
import type { CandlesResponse, ExposureResponse, PlaneResponse, ScatterResponse, TrendResponse } from '../../api/data';

/**
 * Figures shown as an answer of type T: a widget preview's demonstration data (or a test's fixture) is not
 * a served answer, so it has no snapshot time, data source or units and may leave out what the view does
 * not read.
 */
export function preview<T>(figures: Partial<{ [K in keyof T]: unknown }>): T {
  return figures as T;
}

function wave(i: number, k: number): number {
  return Math.sin(i * 0.7 + k) * Math.exp(-((i - 20) ** 2) / 120);
}

export function sampleExposure(greek = 'gamma'): ExposureResponse {
  const data = Array.from({ length: 41 }, (_, i) => {
    const strike = 5000 + i * 10;
    const call = Math.max(0, wave(i, 0.2)) * 1e8;
    const put = -Math.max(0, -wave(i, 1.4)) * 1e8;
    return { strike, value: call + put, call, put };
  });
  return preview<ExposureResponse>({
    ticker: 'SPX', greek, kind: 'both', isCumulative: false, data, expirations: [], currentPrice: 5200, lastModified: null,
    levels: { zeroGamma: 5180, callWall: 5250, putWall: 5120 },
  });
}

export function sampleCandles(): CandlesResponse {
  const start = Date.UTC(2026, 0, 5, 14, 30);
  let p = 5195;
  const candles = Array.from({ length: 39 }, (_, i) => {
    const open = p;
    const close = p + Math.sin(i / 3) * 4;
    p = close;
    return { t: new Date(start + i * 600_000).toISOString(), open, high: Math.max(open, close) + 2, low: Math.min(open, close) - 2, close };
  });
  return preview<CandlesResponse>({ candles, lastModified: null });
}

export function samplePlane(): PlaneResponse {
  const strikes = Array.from({ length: 21 }, (_, i) => 5100 + i * 10);
  const times = Array.from({ length: 24 }, (_, i) => new Date(Date.UTC(2026, 0, 5, 14, 30) + i * 900_000).toISOString());
  const expirations = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2026, 0, 9 + i * 7)).toISOString().slice(0, 10));
  const z = expirations.map((_, e) => strikes.map((_s, k) => Math.sin(k / 4) * Math.exp(-e / 6)));
  return { times, expirations, strikes, z, currentPrice: 5200 };
}

export function sampleHeatPlane(): PlaneResponse {
  const p = samplePlane();
  const z = (p.times ?? []).map((_, t) => p.strikes.map((_s, k) => Math.sin(k / 3 + t / 5) * Math.cos(t / 7)));
  return { ...p, z };
}

export function sampleScatter(): ScatterResponse {
  const scatterPoints = Array.from({ length: 60 }, (_, i) => {
    const x = Math.sin(i * 1.3) * 2;
    return { x, y: -1.8 * x + Math.cos(i * 2.1) * 0.8 };
  });
  return preview<ScatterResponse>({ rValue: -0.9, slope: -1.8, intercept: 0.1, currentRatio: -1.8, scatterPoints, currentPoint: { x: 0.5, y: -1 } });
}

export function sampleTrend(): TrendResponse {
  const trend = Array.from({ length: 60 }, (_, i) => ({
    x: new Date(Date.UTC(2025, 9, 1) + i * 86_400_000).toISOString().slice(0, 10),
    y: Math.sin(i / 6) * 1e9 + 2e8,
  }));
  return preview<TrendResponse>({ trend, historicalAverage: 2e8, currentAggregate: trend[trend.length - 1].y, lastModified: null });
}
