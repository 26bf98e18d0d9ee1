// Volume and open interest by strike (pure): the route's columns into the bars the chart draws and the
// widget's CSV (methodology §4.14).
import type { VolumeOiResponse } from '../../api/data';
import type { CsvTable } from '../shared/csv';

export type VolumeOiMeasure = 'VOLUME' | 'OPEN_INTEREST' | 'OPEN_INTEREST_CHANGE';

export const MEASURE_LABELS: Record<VolumeOiMeasure, string> = {
  VOLUME: 'Volume',
  OPEN_INTEREST: 'Open interest',
  OPEN_INTEREST_CHANGE: 'Change in open interest',
};

export interface VolumeOiBars {
  strikes: number[];
  /** Calls per strike, contracts (null: no value, e.g. no change where the previous session listed nothing). */
  call: (number | null)[];
  /** Puts per strike, contracts. */
  put: (number | null)[];
  /** The largest |value| of either side (a tiny positive floor when there is none): the bars' scale. */
  scale: number;
}

const finite = (v: number | null | undefined): number | null => (v === null || v === undefined || !Number.isFinite(v) ? null : v);

/** The bars of one measure: calls and puts per strike, ascending strikes, exactly as served. */
export function volumeOiBars(resp: Pick<VolumeOiResponse, 'strikes' | 'callVolume' | 'putVolume' | 'callOpenInterest' | 'putOpenInterest' | 'callOpenInterestChange' | 'putOpenInterestChange'>, measure: VolumeOiMeasure): VolumeOiBars {
  const strikes = resp.strikes ?? [];
  const [c, p] =
    measure === 'VOLUME' ? [resp.callVolume, resp.putVolume]
      : measure === 'OPEN_INTEREST' ? [resp.callOpenInterest, resp.putOpenInterest]
        : [resp.callOpenInterestChange, resp.putOpenInterestChange];
  const call = strikes.map((_k, i) => finite(c?.[i]));
  const put = strikes.map((_k, i) => finite(p?.[i]));
  const scale = Math.max(1e-9, ...call.map((v) => Math.abs(v ?? 0)), ...put.map((v) => Math.abs(v ?? 0)));
  return { strikes, call, put, scale };
}

/** Every column the route serves, one row per strike (contracts). */
export function volumeOiCsv(resp: VolumeOiResponse): CsvTable {
  const columns = ['strike (price points)', 'call volume (contracts)', 'put volume (contracts)', 'call open interest (contracts)',
    'put open interest (contracts)', 'call open interest change (contracts)', 'put open interest change (contracts)'];
  const rows = (resp.strikes ?? []).map((k, i) => [k, resp.callVolume[i], resp.putVolume[i], resp.callOpenInterest[i], resp.putOpenInterest[i],
    resp.callOpenInterestChange[i], resp.putOpenInterestChange[i]]);
  return { columns, rows };
}
