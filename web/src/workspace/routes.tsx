// Routes of the workspace area. Everything under /app is loaded lazily so the initial bundle stays
// small; dialogs render over a background location held in navigation state (see WorkspaceArea).
import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';

const WorkspaceArea = lazy(() => import('./WorkspaceArea'));

function AreaLoader() {
  return (
    <Suspense fallback={<div className="ws-loading" role="status" aria-label="Loading workspace" />}>
      <WorkspaceArea />
    </Suspense>
  );
}

/** Absolute paths: mount them anywhere under the app's router (inside the signed-in guard). */
export const workspaceRoutes: RouteObject[] = [
  { path: '/app', element: <Navigate to="/app/workspace" replace /> },
  { path: '/app/workspace/*', element: <AreaLoader /> },
];

export default workspaceRoutes;
