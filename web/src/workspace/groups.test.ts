import { describe, expect, it } from 'vitest';
import { GROUPS, NO_GROUP, canChangeTicker, changeGroupTicker, editGroup, groupCaption, groupLegend, mixedFields, setWidgetGroup, ungroup } from './groups';
import type { Widget } from '../domain/types';

const mk = (id: string, ticker: string, group: number | null, greek = 'gamma'): Widget => ({
  id,
  name: null,
  type: 'CHART',
  size: 'S',
  configuration: { type: 'exposure', ticker, greek, kind: 'both' },
  position: { x: 0, y: 0 },
  group: group ? { id: group, name: GROUPS[group - 1].name, color: GROUPS[group - 1].color } : null,
});

describe('groups', () => {
  it('has ten coloured groups and a none group', () => {
    expect(GROUPS.map((g) => g.name)).toEqual(['Yellow', 'Orange', 'Red', 'Pink', 'Fuchsia', 'Violet', 'Blue', 'Cyan', 'Teal', 'Green']);
    expect(GROUPS.map((g) => g.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(NO_GROUP).toMatchObject({ id: 0, color: '#8696c6' });
  });
  it('sets, changes and resets a widget group', () => {
    let ws = [mk('a', 'SPX', null), mk('b', 'SPX', null)];
    ws = setWidgetGroup(ws, 'a', 3);
    expect(ws[0].group).toEqual({ id: 3, name: 'Red', color: GROUPS[2].color });
    ws = setWidgetGroup(ws, 'a', 7);
    expect(ws[0].group?.name).toBe('Blue');
    ws = setWidgetGroup(ws, 'a', 0);
    expect(ws[0].group).toBeNull();
    expect(ws[1].group).toBeNull();
  });
  it("captions a group with its common ticker or 'N/A'", () => {
    const ws = [mk('a', 'SPX', 1), mk('b', 'SPX', 1), mk('c', 'QQQ', 2), mk('d', 'SPY', 2)];
    expect(groupCaption(ws, 1)).toBe('SPX');
    expect(groupCaption(ws, 2)).toBe('N/A');
    expect(canChangeTicker('SPX')).toBe(true);
    expect(canChangeTicker('N/A')).toBe(false);
    expect(groupLegend(ws).map((g) => [g.name, g.caption, g.count])).toEqual([
      ['Yellow', 'SPX', 2],
      ['Orange', 'N/A', 2],
    ]);
  });
  it('changes the ticker of the whole group only', () => {
    const ws = changeGroupTicker([mk('a', 'SPX', 1), mk('b', 'SPX', 1), mk('c', 'SPX', 2)], 1, 'NDX');
    expect(ws.map((w) => (w.configuration as { ticker: string }).ticker)).toEqual(['NDX', 'NDX', 'SPX']);
  });
  it('ungroups only that group', () => {
    const ws = ungroup([mk('a', 'SPX', 1), mk('b', 'SPX', 1), mk('c', 'SPX', 2)], 1);
    expect(ws.map((w) => w.group?.id ?? 0)).toEqual([0, 0, 2]);
  });
  it('detects mixed fields and edits every member', () => {
    const ws = [mk('a', 'SPX', 1, 'gamma'), mk('b', 'SPX', 1, 'charm')];
    expect(mixedFields(ws, 1)).toEqual(['greek']);
    const edited = editGroup(ws, 1, { greek: 'vanna' });
    expect(edited.map((w) => (w.configuration as { greek: string }).greek)).toEqual(['vanna', 'vanna']);
    expect(mixedFields(edited, 1)).toEqual([]);
  });
});
