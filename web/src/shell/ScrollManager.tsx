import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the top on every route change, or smoothly to the hash target when a hash is present.
 * Opening a dialog over a background location does not move the page underneath.
 */
export function ScrollManager() {
  const { pathname, hash, state } = useLocation();
  const overlay = Boolean((state as { backgroundLocation?: unknown } | null)?.backgroundLocation);

  useEffect(() => {
    if (overlay) return;
    if (hash) {
      const id = decodeURIComponent(hash.slice(1));
      // The target may render a frame later (lazy pages); try a few times.
      let tries = 0;
      let handle = 0;
      const attempt = () => {
        const el = document.getElementById(id);
        if (el) {
          el.scrollIntoView({ behavior: 'smooth', block: 'start' });
        } else if (tries++ < 20) {
          handle = window.setTimeout(attempt, 50);
        }
      };
      attempt();
      return () => window.clearTimeout(handle);
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'auto' });
    return undefined;
  }, [pathname, hash, overlay]);

  return null;
}
