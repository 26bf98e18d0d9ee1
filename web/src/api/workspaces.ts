// Workspaces (/api/v1/workspaces, access token): query-key factory, queryOptions and mutations with the
// optimistic updates of app spec §4 (ordering, widget edits).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from './client';
import type { Widget, Workspace, WorkspaceState } from '../domain/types';

export const workspaceKeys = {
  all: ['workspaces'] as const,
  list: () => ['workspaces', 'list'] as const,
};

function normalizeList(r: Workspace[] | { workspaces?: Workspace[] } | null | undefined): Workspace[] {
  const list = Array.isArray(r) ? r : (r?.workspaces ?? []);
  return list.map(normalize);
}

function normalize(w: Workspace): Workspace {
  return {
    ...w,
    widgets: (w.widgets ?? []).map((x) => ({ ...x, id: String(x.id), position: x.position ?? { x: 0, y: 0 }, group: x.group ?? null })),
  };
}

export const workspacesQuery = () =>
  queryOptions({
    queryKey: workspaceKeys.list(),
    queryFn: ({ signal }) => request<Workspace[] | { workspaces: Workspace[] }>('workspaces', { signal }).then(normalizeList),
    staleTime: 60_000,
  });

/** ACTIVE workspaces first, then INACTIVE, each by order. */
export function sortWorkspaces(list: Workspace[]): Workspace[] {
  return [...list].sort((a, b) => (a.state === b.state ? a.order - b.order : a.state === 'ACTIVE' ? -1 : 1));
}

export function activeWorkspaces(list: Workspace[] | undefined): Workspace[] {
  return sortWorkspaces(list ?? []).filter((w) => w.state === 'ACTIVE');
}

/** Renumber order for all workspaces (active first, then inactive) after moving one. */
export function reorder(list: Workspace[], movedId: Workspace['id'], targetIndex: number, scope: 'active' | 'all'): Workspace[] {
  const sorted = sortWorkspaces(list);
  const pool = scope === 'active' ? sorted.filter((w) => w.state === 'ACTIVE') : sorted;
  const rest = scope === 'active' ? sorted.filter((w) => w.state !== 'ACTIVE') : [];
  const from = pool.findIndex((w) => w.id === movedId);
  if (from < 0) return sorted;
  const next = [...pool];
  const [moved] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(targetIndex, next.length)), 0, moved);
  return sortWorkspaces([...next, ...rest].map((w, i) => ({ ...w, order: i })));
}

export interface WorkspaceInput {
  name: string;
  state?: WorkspaceState;
  widgets?: Widget[];
  order?: number;
}

export const workspacesApi = {
  create: (body: WorkspaceInput) => request<Workspace>('workspaces', { method: 'POST', body }).then(normalize),
  update: (w: Workspace) =>
    request<Workspace>(`workspaces/${w.id}`, {
      method: 'PUT',
      body: { name: w.name, state: w.state, order: w.order, widgets: w.widgets },
    }).then(normalize),
  remove: (id: Workspace['id']) => request<void>(`workspaces/${id}`, { method: 'DELETE' }),
  ordering: (list: { id: Workspace['id']; order: number }[]) => request<unknown>('workspaces/ordering', { method: 'PUT', body: list }),
};

export function useWorkspaceMutations() {
  const qc = useQueryClient();
  const key = workspaceKeys.list();

  const setList = (fn: (l: Workspace[]) => Workspace[]) => qc.setQueryData<Workspace[]>(key, (old) => fn(old ?? []));

  const create = useMutation({
    mutationFn: workspacesApi.create,
    onSuccess: (w) => setList((l) => [...l.filter((x) => x.id !== w.id), w]),
  });

  // Optimistic: the grid shows the change at once; a failure restores the previous list.
  const update = useMutation({
    mutationFn: workspacesApi.update,
    onMutate: async (w) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<Workspace[]>(key);
      setList((l) => l.map((x) => (x.id === w.id ? w : x)));
      return { previous };
    },
    onError: (_e, _w, ctx) => {
      if (ctx?.previous) qc.setQueryData(key, ctx.previous);
    },
    onSuccess: (saved) => setList((l) => l.map((x) => (x.id === saved.id ? { ...saved } : x))),
  });

  const remove = useMutation({
    mutationFn: (id: Workspace['id']) => workspacesApi.remove(id),
    onSuccess: (_r, id) => setList((l) => l.filter((x) => x.id !== id)),
  });

  const ordering = useMutation({
    mutationFn: (list: Workspace[]) => workspacesApi.ordering(list.map((w) => ({ id: w.id, order: w.order }))),
    onMutate: async (list) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<Workspace[]>(key);
      qc.setQueryData(key, list);
      return { previous };
    },
    onError: (_e, _l, ctx) => {
      if (ctx?.previous) qc.setQueryData(key, ctx.previous);
    },
  });

  return { create, update, remove, ordering };
}
