// Headers for each context (app spec §2, platform spec §1): logged out (Sign Up, Log In); logged in
// outside the app ('Go to Workspaces'); academy ('Go to Workspaces' and a theme toggle); inside the
// app (subscription label, refresh countdown, theme toggle, profile menu).
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, NavLink, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../api/session';
import { userQuery } from '../api/users';
import { userTier } from '../domain/tiers';
import { ThemeToggle } from '../components/ThemeToggle';
import { useBodyScrollLock, useFocusTrap } from '../components/focus';
import { Logo } from './Logo';
import { ProfileMenu } from './ProfileMenu';
import { RefreshCountdown } from './RefreshCountdown';

export const NAV_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'Resources', to: '/resources' },
  { label: 'API', to: '/api' },
  { label: 'Pricing', to: '/#subscriptions' },
  { label: 'About', to: '/about' },
];

function AuthButtons({ onNavigate }: { onNavigate?: () => void }) {
  const { signedIn } = useSession();
  if (signedIn) {
    return (
      <Link className="btn btn-primary" to="/app" onClick={onNavigate}>
        Go to Workspaces
      </Link>
    );
  }
  return (
    <>
      <Link className="btn btn-secondary" to="/sign-up" onClick={onNavigate}>
        Sign Up
      </Link>
      <Link className="btn btn-primary" to="/sign-in" onClick={onNavigate}>
        Log In
      </Link>
    </>
  );
}

function NavItems({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      {NAV_LINKS.map((l) => (
        <NavLink key={l.label} to={l.to} end={l.to === '/'} className="nav-link" onClick={onNavigate}>
          {l.label}
        </NavLink>
      ))}
    </>
  );
}

/** Full-screen overlay menu under 768 px; locks body scroll and traps focus while open. */
function MobileMenu({ onClose }: { onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  useBodyScrollLock(true);
  useFocusTrap(panel, true);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  // Portalled to <body>: the sticky header's backdrop filter would otherwise confine a fixed overlay.
  return createPortal(
    <div className="mobile-menu" role="dialog" aria-modal="true" aria-label="Menu" ref={panel}>
      <div className="mobile-menu-top">
        <Logo />
        <button type="button" className="icon-btn" aria-label="Close menu" onClick={onClose}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <nav className="mobile-nav" aria-label="Main">
        <NavItems onNavigate={onClose} />
      </nav>
      <div className="mobile-actions">
        <AuthButtons onNavigate={onClose} />
      </div>
    </div>,
    document.body,
  );
}

export function PublicHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Logo />
        <nav className="desktop-nav" aria-label="Main">
          <NavItems />
        </nav>
        <div className="header-actions desktop-only">
          <AuthButtons />
        </div>
        <button
          type="button"
          className="icon-btn mobile-only menu-toggle"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      {menuOpen && <MobileMenu onClose={() => setMenuOpen(false)} />}
    </header>
  );
}

export function AcademyHeader() {
  const { signedIn } = useSession();
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Logo to="/academy" />
        <div className="header-actions">
          {signedIn ? (
            <>
              <Link className="btn btn-primary" to="/app">
                Go to Workspaces
              </Link>
              <ThemeToggle />
            </>
          ) : (
            <AuthButtons />
          )}
        </div>
      </div>
    </header>
  );
}

export function AppHeader() {
  const user = useQuery(userQuery());
  const tier = userTier(user.data);
  return (
    <header className="app-header">
      <div className="app-header-inner">
        <Logo to="/app" />
        <div className="header-actions">
          {user.data && (
            <span className={`subscription-label${tier ? '' : ' is-none'}`} data-testid="subscription-label">
              {tier ? (user.data?.planName ?? `Volland ${tier.label}`) : 'No subscription'}
            </span>
          )}
          {tier && <RefreshCountdown tier={tier.id} />}
          <ThemeToggle />
          <ProfileMenu />
        </div>
      </div>
    </header>
  );
}
