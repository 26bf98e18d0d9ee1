import { describe, expect, it } from 'vitest';
import { activeWorkspaces, reorder, sortWorkspaces } from '../api/workspaces';
import { afterRemovalPath } from './hooks';
import { dropIndex } from './useDragReorder';
import type { Workspace } from '../domain/types';

const ws = (id: number, name: string, state: Workspace['state'], order: number): Workspace => ({ id, name, state, order, widgets: [] });
const list = [ws(1, 'A', 'ACTIVE', 0), ws(2, 'B', 'INACTIVE', 1), ws(3, 'C', 'ACTIVE', 2), ws(4, 'D', 'ACTIVE', 3)];

describe('workspace ordering', () => {
  it('sorts active first, then inactive, each by order', () => {
    expect(sortWorkspaces(list).map((w) => w.name)).toEqual(['A', 'C', 'D', 'B']);
    expect(activeWorkspaces(list).map((w) => w.name)).toEqual(['A', 'C', 'D']);
  });
  it('renumbers all workspaces after a tab drag (active first, then inactive)', () => {
    const out = reorder(list, 4, 0, 'active');
    expect(out.map((w) => [w.name, w.order])).toEqual([
      ['D', 0],
      ['A', 1],
      ['C', 2],
      ['B', 3],
    ]);
  });
  it('reorders drawer items across states', () => {
    const out = reorder(list, 2, 0, 'all');
    expect(out.find((w) => w.name === 'B')?.order).toBe(0);
    expect(out.map((w) => w.order).sort()).toEqual([0, 1, 2, 3]);
  });
  it('finds the drop index from item midpoints', () => {
    expect(dropIndex([50, 150, 250], 10)).toBe(0);
    expect(dropIndex([50, 150, 250], 200)).toBe(2);
    expect(dropIndex([50, 150, 250], 400)).toBe(3);
  });
  it('goes to the first remaining ACTIVE workspace after a removal, else to welcome', () => {
    expect(afterRemovalPath(list, 1)).toBe('/app/workspace/3');
    expect(afterRemovalPath([ws(1, 'A', 'ACTIVE', 0), ws(2, 'B', 'INACTIVE', 1)], 1)).toBe('/app/workspace/welcome');
  });
});
