// Route guards (app spec §2, §6; platform spec §2, §6).
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useSession } from './session';
import { userQuery } from '../api/users';
import { isAdmin } from '../domain/tiers';
import { PageSpinner } from '../components/Spinner';

/** A redirectUri is honoured only when it is a same-site path (never '//host' or a full URL). */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

export function signInPath(redirectUri: string): string {
  return `/sign-in?redirectUri=${encodeURIComponent(redirectUri)}`;
}

// Where a just-completed sign-in (or sign-up) is heading. The auth page navigates there itself, but the
// guard around it re-renders as soon as the tokens are stored and must not send the user elsewhere;
// the target is honoured only for a few seconds so a later visit to an auth page goes home as usual.
const POST_LOGIN_TTL_MS = 10_000;
let postLoginTarget: { path: string; at: number } | null = null;

/** Set by the sign-in and sign-up pages just before the tokens are stored. */
export function setPostLoginTarget(path: string | null): void {
  postLoginTarget = path ? { path, at: Date.now() } : null;
}

export function currentPostLoginTarget(now = Date.now()): string | null {
  return postLoginTarget && now - postLoginTarget.at < POST_LOGIN_TTL_MS ? postLoginTarget.path : null;
}

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
