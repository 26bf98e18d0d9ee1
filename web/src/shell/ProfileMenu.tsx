// Profile menu (app spec §2): Academy with points, Settings, Admin Dashboard (Admin role only), plan
// name with an Upgrade badge, Manage Subscription (billing portal), theme toggle, Log Out. Without an
// active plan: 'No subscription' and 'Change or Cancel Plan' replace the plan and portal items.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { userQuery } from '../api/users';
import { progressQuery } from '../api/lms';
import { pointsLabel } from '../lib/format';
import { isAdmin, userTier } from '../domain/tiers';
import { ThemeToggle } from '../components/ThemeToggle';
import { logout } from '../lib/sessionActions';
import { useOpenModal } from '../components/Modal';
import { createPortalSession, isPurchasingUnavailable, PURCHASING_UNAVAILABLE } from '../api/products';
import { useNotify } from '../lib/notifications';
import { Spinner } from '../components/Spinner';
import { focusableWithin } from '../components/focus';

export function ProfileMenu() {
  const [open, setOpen] = useState(false);
  const [portalLoading, setPortalLoading] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const user = useQuery(userQuery());
  const progress = useQuery({ ...progressQuery(), enabled: open });
  const openModal = useOpenModal();
  const notify = useNotify();
  const tier = userTier(user.data);

  useEffect(() => {
    if (!open) return undefined;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    const first = root.current && focusableWithin(root.current.querySelector('[role="menu"]') as HTMLElement)[0];
    first?.focus();
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpen(false);

  const manageSubscription = async () => {
    setPortalLoading(true);
    try {
      const { url } = await createPortalSession();
      window.location.assign(url);
    } catch (err) {
      notify({
        id: 'portal-error',
        type: isPurchasingUnavailable(err) ? 'INFO' : 'ERROR',
        title: isPurchasingUnavailable(err) ? PURCHASING_UNAVAILABLE : 'The billing portal could not be opened.',
        content: isPurchasingUnavailable(err) ? 'Subscriptions cannot be managed online here.' : 'Please try again in a moment.',
      });
    } finally {
      setPortalLoading(false);
    }
  };

  const onMenuKey = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const items = focusableWithin(e.currentTarget);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next = e.key === 'ArrowDown' ? (index + 1) % items.length : (index - 1 + items.length) % items.length;
    items[next]?.focus();
  };

  const name = user.data?.firstName || user.data?.email || 'Account';
  return (
    <div className="profile-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="profile-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="profile-name">{name}</span>
      </button>
      {open && (
        <div id={menuId} className="dropdown profile-dropdown" role="menu" aria-label="Profile" onKeyDown={onMenuKey}>
          <Link role="menuitem" className="menu-item" to="/academy" onClick={close}>
            <span>Academy</span>
            <span className="menu-meta">
              {progress.isPending ? 'Loading' : progress.data ? pointsLabel(progress.data.userLmsPoints ?? 0) : null}
            </span>
          </Link>
          <Link role="menuitem" className="menu-item" to="/app/user-settings" onClick={close}>
            Settings
          </Link>
          {isAdmin(user.data) && (
            <Link role="menuitem" className="menu-item" to="/admin" onClick={close}>
              Admin Dashboard
            </Link>
          )}
          <div className="menu-separator" role="separator" />
          {tier ? (
            <>
              <button
                role="menuitem"
                type="button"
                className="menu-item"
                onClick={() => {
                  close();
                  openModal('/app/pricing');
                }}
              >
                <span>{tier.name}</span>
                {tier.id !== 'live' && <span className="badge badge-accent">Upgrade</span>}
              </button>
              <button role="menuitem" type="button" className="menu-item" onClick={manageSubscription} disabled={portalLoading}>
                <span>Manage Subscription</span>
                {portalLoading && <Spinner size="tiny" />}
              </button>
            </>
          ) : (
            <>
              <div className="menu-item menu-static" role="none">
                No subscription
              </div>
              <button
                role="menuitem"
                type="button"
                className="menu-item"
                onClick={() => {
                  close();
                  openModal('/app/pricing');
                }}
              >
                Change or Cancel Plan
              </button>
            </>
          )}
          <div className="menu-separator" role="separator" />
          <ThemeToggle withLabel />
          <button role="menuitem" type="button" className="menu-item" onClick={() => void logout()}>
            Log Out
          </button>
        </div>
      )}
    </div>
  );
}
