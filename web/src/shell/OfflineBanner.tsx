import { useSyncExternalStore } from 'react';

export const SITE_NAME = 'Volland';

function subscribe(cb: () => void) {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}

/** Shown whenever the browser is offline (platform spec §9 text). */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="alert">
      You seem to be offline. {SITE_NAME} needs internet to function
    </div>
  );
}
