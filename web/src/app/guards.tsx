// Route guards (app spec §2, §6; platform spec §2, §6).
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../api/session';
import { userQuery } from '../api/users';
import { isAdmin } from '../domain/tiers';
import { PageSpinner } from '../components/Spinner';
import { currentPostLoginTarget, safeRedirect, signInPath } from '../lib/redirects';

/** Protected area: no access token → sign-in with redirectUri holding the path the user tried. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { signedIn } = useSession();
  const location = useLocation();
  if (!signedIn) return <Navigate to={signInPath(location.pathname + location.search)} replace />;
  return <>{children}</>;
}

/** Auth pages: a stored access token sends the visitor home (or to where sign-in was heading). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { accessToken } = useSession();
  const location = useLocation();
  if (accessToken) {
    const target = currentPostLoginTarget() ?? safeRedirect(new URLSearchParams(location.search).get('redirectUri')) ?? '/';
    return <Navigate to={target} replace />;
  }
  return <>{children}</>;
}

/** Admin guard: signed out → sign-in with redirectUri; signed in without the Admin role → workspace hub. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { signedIn } = useSession();
  const location = useLocation();
  const user = useQuery({ ...userQuery(), enabled: signedIn });
  if (!signedIn) return <Navigate to={signInPath(location.pathname + location.search)} replace />;
  if (user.isPending) return <PageSpinner />;
  if (!user.data || !isAdmin(user.data)) return <Navigate to="/app/workspace" replace />;
  return <>{children}</>;
}
