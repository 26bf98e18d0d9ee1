import { Navigate, Outlet, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AppHeader, PublicHeader, AcademyHeader } from './Headers';
import { Footer } from './Footer';
import { userQuery } from '../api/users';
import { hasSubscription } from '../domain/tiers';

export function PublicLayout() {
  return (
    <div className="layout layout-public">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <PublicHeader />
      <div id="main" className="layout-main">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}

export function AcademyLayout() {
  return (
    <div className="layout layout-academy">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AcademyHeader />
      <div id="main" className="layout-main">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}

/** Paths a signed-in user without a plan may still open; the rest send them to the pricing list. */
export function allowedWithoutSubscription(pathname: string): boolean {
  return pathname.startsWith('/app/user-settings') || pathname.startsWith('/app/pricing');
}

export function AppLayout() {
  const { pathname } = useLocation();
  const user = useQuery(userQuery());
  if (user.data && !hasSubscription(user.data) && !allowedWithoutSubscription(pathname)) {
    return <Navigate to="/app/pricing" replace />;
  }
  return (
    <div className="layout layout-app">
      <AppHeader />
      <div id="main" className="layout-main app-main">
        <Outlet />
      </div>
    </div>
  );
}

export function BareLayout() {
  return (
    <div className="layout layout-bare">
      <PublicHeader />
      <div id="main" className="layout-main">
        <Outlet />
      </div>
    </div>
  );
}
