import { describe, expect, it } from 'vitest';
import type { Widget } from '../domain/types';
import { GROUPS } from './groups';
import { jumpToTicker } from './tickerJump';

const chart = (id: string, ticker: string, group: Widget['group'] = null, date: string | null = null): Widget => ({
  id, name: null, type: 'CHART', size: 'S', position: { x: 0, y: 0 }, group,
  configuration: { type: 'exposure', ticker, greek: 'gamma', kind: 'both', expirations: { option: 'ALL' }, isCumulative: false, date } as Widget['configuration'],
});
const list = (id: string, group: Widget['group'] = null, date?: string): Widget => ({
  id, name: null, type: 'WATCHLIST', size: 'M', position: { x: 6, y: 0 }, group,
  configuration: { tickers: ['SPX', 'QQQ'], ...(date ? { date } : {}) },
});

describe('following a ticker', () => {
  it('changes the ticker of the whole group of the widget it came from', () => {
    const yellow = GROUPS[0];
    const widgets = [list('k', yellow), chart('a', 'SPX', yellow), chart('b', 'SPX', yellow), chart('c', 'SPX', GROUPS[1])];
    const jump = jumpToTicker(widgets, widgets[0], 'QQQ');
    expect(jump.added).toBeNull();
    expect(jump.groupId).toBe(yellow.id);
    const tickerOf = (w: Widget) => (w.configuration as { ticker?: string }).ticker;
    expect(jump.widgets.map(tickerOf)).toEqual([undefined, 'QQQ', 'QQQ', 'SPX']);
    expect((jump.widgets[0].configuration as { tickers: string[] }).tickers).toEqual(['SPX', 'QQQ']);
  });

  it('adds an exposure chart of the ticker from an ungrouped widget, at a free place', () => {
    const widgets = [list('k'), chart('a', 'SPX')];
    const jump = jumpToTicker(widgets, widgets[0], 'IWM');
    expect(jump.widgets).toHaveLength(3);
    expect(jump.added?.type).toBe('CHART');
    expect(jump.added?.configuration).toMatchObject({ type: 'exposure', ticker: 'IWM' });
    expect(jump.added?.position).not.toEqual(widgets[1].position);
  });

  it('keeps the historical time of the widget it came from', () => {
    const widgets = [list('k', null, '2026-01-08 14:00')];
    expect(jumpToTicker(widgets, widgets[0], 'SPY').added?.configuration).toMatchObject({ ticker: 'SPY', date: '2026-01-08 14:00' });
  });

  it('adds a chart from nowhere (the header search without an active widget)', () => {
    const jump = jumpToTicker([], null, 'SPX');
    expect(jump.added?.configuration).toMatchObject({ ticker: 'SPX' });
  });
});
