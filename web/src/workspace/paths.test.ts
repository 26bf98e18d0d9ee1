import { describe, expect, it } from 'vitest';
import { parseWorkspacePath } from './paths';

describe('workspace paths', () => {
  it('parses pages and dialogs of the spec', () => {
    expect(parseWorkspacePath('/app/workspace')).toEqual({ page: { page: 'hub' }, dialog: null });
    expect(parseWorkspacePath('/app/workspace/welcome')?.page).toEqual({ page: 'welcome' });
    expect(parseWorkspacePath('/app/workspace/new')?.dialog).toEqual({ dialog: 'new-workspace' });
    expect(parseWorkspacePath('/app/workspace/7')).toEqual({ page: { page: 'workspace', id: '7' }, dialog: null });
    for (const d of ['rename', 'duplicate', 'remove', 'archive']) expect(parseWorkspacePath(`/app/workspace/7/${d}`)?.dialog).toEqual({ dialog: d, id: '7' });
    expect(parseWorkspacePath('/app/workspace/7/new')?.dialog).toEqual({ dialog: 'new-widget', id: '7' });
    expect(parseWorkspacePath('/app/workspace/7/w1/edit')?.dialog).toEqual({ dialog: 'edit-widget', id: '7', widgetId: 'w1' });
    expect(parseWorkspacePath('/app/workspace/7/w1/remove')?.dialog).toEqual({ dialog: 'remove-widget', id: '7', widgetId: 'w1' });
    expect(parseWorkspacePath('/app/workspace/7/group/3/edit')?.dialog).toEqual({ dialog: 'group-edit', id: '7', groupId: 3 });
    expect(parseWorkspacePath('/app/workspace/7/group/3/edit-ticker')?.dialog).toEqual({ dialog: 'group-ticker', id: '7', groupId: 3 });
    expect(parseWorkspacePath('/app/workspace/7/group/10/ungroup')?.dialog).toEqual({ dialog: 'group-ungroup', id: '7', groupId: 10 });
  });
  it('rejects unknown paths', () => {
    expect(parseWorkspacePath('/app/workspace/7/group/11/edit')).toBeNull();
    expect(parseWorkspacePath('/app/workspace/7/bogus')).toBeNull();
    expect(parseWorkspacePath('/app/workspaces')).toBeNull();
  });
});
