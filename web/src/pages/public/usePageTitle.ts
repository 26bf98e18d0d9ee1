import { useEffect } from 'react';

/** Sets the document title as "<page> · Volland" (or just "Volland" on the home page). */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} · Volland` : 'Volland — Option Dealer Positioning';
  }, [title]);
}
