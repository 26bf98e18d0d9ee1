// Hooks shared by the workspace screens.
import { createContext, useCallback, useContext } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, type Location } from 'react-router';
import { workspacesQuery, activeWorkspaces, useWorkspaceMutations } from '../api/workspaces';
import { userQuery } from '../api/users';
import { hasSubscription, userTier } from '../domain/tiers';
import type { Workspace } from '../domain/types';
import { BASE, workspacePath } from './paths';

/** Navigation-state key of the page a workspace dialog opens over. */
export interface WsState {
  wsBackground?: Location;
}

export function useWorkspaces() {
  return useQuery(workspacesQuery());
}

export function useWorkspace(id: string | undefined): Workspace | undefined {
  const { data } = useWorkspaces();
  return data?.find((w) => String(w.id) === String(id));
}

export function useUserPlan() {
  const user = useQuery(userQuery());
  return { user: user.data, tier: userTier(user.data)?.id ?? null, subscribed: hasSubscription(user.data), loaded: user.isSuccess };
}

/** Open a dialog route over the current page, and close it back to that page. */
export function useDialogs() {
  const navigate = useNavigate();
  const location = useLocation();
  const background = (location.state as WsState | null)?.wsBackground;
  const open = useCallback(
    (path: string) => navigate(path, { state: { wsBackground: background ?? location } satisfies WsState }),
    [navigate, location, background],
  );
  const close = useCallback(
    (fallback: string) => {
      if (background) navigate(`${background.pathname}${background.search ?? ''}`, { replace: true });
      else navigate(fallback, { replace: true });
    },
    [navigate, background],
  );
  return { open, close, background };
}

/** Where to go after the current workspace was deleted or archived. */
export function afterRemovalPath(list: Workspace[] | undefined, removedId: Workspace['id']): string {
  const next = activeWorkspaces(list).find((w) => String(w.id) !== String(removedId));
  return next ? workspacePath(next.id) : `${BASE}/welcome`;
}

export { useWorkspaceMutations };

export interface Highlight {
  id: string | null;
  flash: (widgetId: string) => void;
}

export const HighlightContext = createContext<Highlight>({ id: null, flash: () => undefined });
export const useHighlight = () => useContext(HighlightContext);

/**
 * Ids deleted in this session. Navigation runs as a transition, so the list can lose a workspace one
 * render before the route leaves it; such a page renders nothing instead of 'not found'.
 */
export const removedWorkspaceIds = new Set<string>();
