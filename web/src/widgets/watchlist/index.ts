import { lazy } from 'react';
import { dataApi, dataKeys, type KeyLevelsResponse } from '../../api/data';
import type { KindParts } from '../types';
import { joinParts, modeWords } from '../shared/kindParts';
import { preview } from '../shared/sample';
import { startingList, validateList, type WatchlistConfiguration } from './list';

const loadRenderer = () => import('./Renderer');

function sampleRow(ticker: string, spot: number, k: number) {
  return {
    ticker, lastModified: null, previousCloseAt: null, note: null, zeroDte: k % 2 === 0,
    spot, spotChange: 0.004 * spot * (k % 3 === 0 ? -1 : 1), callWall: Math.round(spot * 1.02), callWallChange: 0,
    putWall: Math.round(spot * 0.97), putWallChange: -0.005 * spot, zeroGamma: spot * 0.992, zeroGammaChange: 0.002 * spot,
    target: k % 2 === 0 ? Math.round(spot * 1.004) : null, targetChange: null, lis: k % 2 === 0 ? [Math.round(spot * 0.996)] : [],
    lisChange: null, expectedMove: spot * 0.008, expectedMovePercent: 0.8, expectedMoveChange: -0.0004 * spot,
    expectedMoveExpiration: null, expectedMoveStrike: spot,
  };
}

const watchlist: KindParts<KeyLevelsResponse, WatchlistConfiguration> = {
  kind: 'watchlist',
  title: 'Key levels',
  Editor: lazy(() => import('./Editor')),
  Renderer: lazy(loadRenderer),
  preload: loadRenderer,
  queryOptions: (c) => {
    const params = { tickers: c.tickers ?? [], date: c.date ?? null };
    return { queryKey: dataKeys.widget('watchlist', params), queryFn: ({ signal }) => dataApi.keyLevels(params.tickers, signal, params.date) };
  },
  isEmpty: (d) => !d?.rows?.length,
  lastModified: (d) => d?.lastModified,
  sample: () => preview<KeyLevelsResponse>({ rows: [sampleRow('AAA', 5200, 0), sampleRow('BBB', 480, 1), sampleRow('CCC', 210, 2)], lastModified: null, units: {} }),
  defaults: (ticker) => ({ tickers: startingList(ticker) }),
  validate: (c) => validateList(c),
  caption: (c) => {
    const list = c.tickers ?? [];
    return `Key levels · ${list.slice(0, 4).join(', ')}${list.length > 4 ? ` +${list.length - 4}` : ''}`;
  },
  subtitle: (c) => joinParts([modeWords(c.date)]),
  eagerErrors: ['tickers'],
};
export default watchlist;
