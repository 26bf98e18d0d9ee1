import { describe, expect, it } from 'vitest';
import type { KeyLevelsRow } from '../../api/data';
import { COLUMNS, cell, lisCell, nextSort, sortRows, visibleColumns } from './transform';
import { addTicker, removeTicker, startingList, validateList } from './list';

function row(ticker: string, patch: Partial<KeyLevelsRow> = {}): KeyLevelsRow {
  return {
    ticker, lastModified: '2026-01-09T16:55:00Z', previousCloseAt: '2026-01-08T21:00:00Z', note: null, zeroDte: false,
    spot: 100, spotChange: 1, callWall: 110, callWallChange: 0, putWall: 90, putWallChange: -5, zeroGamma: 98,
    zeroGammaChange: 0.5, target: null, targetChange: null, lis: [], lisChange: null, expectedMove: 2,
    expectedMovePercent: 2, expectedMoveChange: -0.25, expectedMoveExpiration: '2026-01-09', expectedMoveStrike: 100,
    ...patch,
  };
}

const rows = [row('QQQ', { spot: 510, lis: [505] }), row('AAPL', { spot: null, note: 'No data' }), row('SPX', { spot: 5900, lis: [5880, 5950] }), row('IWM', { spot: 230 })];
const order = (r: KeyLevelsRow[]) => r.map((x) => x.ticker);

describe('key levels sorting', () => {
  it('keeps the list order until a column is chosen', () => {
    expect(order(sortRows(rows, null))).toEqual(['QQQ', 'AAPL', 'SPX', 'IWM']);
  });
  it('sorts numbers both ways with rows without a value last', () => {
    expect(order(sortRows(rows, { key: 'spot', dir: 'ascending' }))).toEqual(['IWM', 'QQQ', 'SPX', 'AAPL']);
    expect(order(sortRows(rows, { key: 'spot', dir: 'descending' }))).toEqual(['SPX', 'QQQ', 'IWM', 'AAPL']);
  });
  it('sorts tickers alphabetically and the LIS by its lower level', () => {
    expect(order(sortRows(rows, { key: 'ticker', dir: 'ascending' }))).toEqual(['AAPL', 'IWM', 'QQQ', 'SPX']);
    expect(order(sortRows(rows, { key: 'lis', dir: 'descending' }))).toEqual(['SPX', 'QQQ', 'AAPL', 'IWM']);
  });
  it('keeps the list order between equal values', () => {
    const same = [row('B'), row('A'), row('C')];
    expect(order(sortRows(same, { key: 'callWall', dir: 'descending' }))).toEqual(['B', 'A', 'C']);
  });
  it('flips the direction on the same column and starts ascending on another', () => {
    expect(nextSort(null, 'spot')).toEqual({ key: 'spot', dir: 'ascending' });
    expect(nextSort({ key: 'spot', dir: 'ascending' }, 'spot')).toEqual({ key: 'spot', dir: 'descending' });
    expect(nextSort({ key: 'spot', dir: 'descending' }, 'spot')).toEqual({ key: 'spot', dir: 'ascending' });
    expect(nextSort({ key: 'spot', dir: 'descending' }, 'putWall')).toEqual({ key: 'putWall', dir: 'ascending' });
  });
});

describe('key levels cells', () => {
  it('writes a level and its signed change in the house format', () => {
    expect(cell(row('SPX', { callWall: 6000, callWallChange: 25 }), 'callWall')).toEqual(['6,000', '+25', 25]);
    expect(cell(row('SPX', { putWall: 5812.5, putWallChange: -12.25 }), 'putWall')).toEqual(['5,812.5', '-12.25', -12.25]);
    expect(cell(row('SPX', { zeroGamma: null, zeroGammaChange: null }), 'zeroGamma')).toEqual(['—', '', null]);
  });
  it('writes a LIS range and the change of each end', () => {
    expect(lisCell(row('SPX', { lis: [5880, 5950], lisChange: [5, -10] }))).toEqual(['5,880 – 5,950', '+5 / -10', null]);
    expect(lisCell(row('SPX', { lis: [5880], lisChange: [2.5] }))).toEqual(['5,880', '+2.5', 2.5]);
    expect(lisCell(row('SPX'))).toEqual(['—', '', null]);
  });
});

describe('the list of tickers', () => {
  it('adds a ticker once, upper-cased, and removes it', () => {
    expect(addTicker(['SPX'], ' qqq ')).toEqual(['SPX', 'QQQ']);
    expect(addTicker(['SPX'], 'spx')).toEqual(['SPX']);
    expect(removeTicker(['SPX', 'QQQ'], 'SPX')).toEqual(['QQQ']);
  });
  it('starts with the ticker of the dialog and the index tickers', () => {
    expect(startingList('SPX')).toEqual(['SPX', 'SPY', 'QQQ', 'IWM']);
    expect(startingList('aapl')).toEqual(['AAPL', 'SPX', 'SPY', 'QQQ', 'IWM']);
  });
  it('needs one to twenty tickers', () => {
    expect(validateList({ tickers: [] })).toHaveProperty('tickers');
    expect(validateList({ tickers: Array.from({ length: 21 }, (_, i) => `T${i}`) })).toHaveProperty('tickers');
    expect(validateList({ tickers: ['SPX'] })).toEqual({});
  });
});

describe('key levels columns', () => {
  it('keeps the ticker, spot and walls on a narrow tile, everything otherwise', () => {
    expect(visibleColumns(300).map((c) => c.key)).toEqual(['ticker', 'spot', 'callWall', 'putWall']);
    expect(visibleColumns(700)).toEqual(COLUMNS);
  });
});
