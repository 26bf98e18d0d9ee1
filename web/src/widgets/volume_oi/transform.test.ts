import { describe, expect, it } from 'vitest';
import type { VolumeOiResponse } from '../../api/data';
import { preview } from '../shared/sample';
import { volumeOiBars, volumeOiCsv } from './transform';

const resp = preview<VolumeOiResponse>({
  strikes: [90, 100, 110],
  callVolume: [5, 40, 12], putVolume: [30, 10, 0],
  callOpenInterest: [100, 400, 250], putOpenInterest: [900, 120, 3],
  callOpenInterestChange: [10, null, -4], putOpenInterestChange: [-50, null, 1],
});

describe('volume and open interest bars', () => {
  it('takes the columns of the chosen measure, strike by strike', () => {
    expect(volumeOiBars(resp, 'VOLUME')).toEqual({ strikes: [90, 100, 110], call: [5, 40, 12], put: [30, 10, 0], scale: 40 });
    expect(volumeOiBars(resp, 'OPEN_INTEREST').scale).toBe(900);
    const change = volumeOiBars(resp, 'OPEN_INTEREST_CHANGE');
    expect(change.call).toEqual([10, null, -4]);
    expect(change.put).toEqual([-50, null, 1]);
    expect(change.scale).toBe(50);
  });
  it('keeps a positive scale when every value is missing', () => {
    const empty = volumeOiBars({ ...resp, callOpenInterestChange: [null, null, null], putOpenInterestChange: [null, null, null] }, 'OPEN_INTEREST_CHANGE');
    expect(empty.scale).toBeGreaterThan(0);
    expect(empty.call).toEqual([null, null, null]);
  });
  it('writes every served column to the CSV with its unit', () => {
    const csv = volumeOiCsv(resp);
    expect(csv.columns[0]).toBe('strike (price points)');
    expect(csv.rows[1]).toEqual([100, 40, 10, 400, 120, null, null]);
    expect(csv.rows).toHaveLength(3);
  });
});
