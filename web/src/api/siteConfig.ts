// Outside links and error-reporting settings come from the backend's settings (GET site/config), so an
// operator sets them through the environment; a link that is not configured is null and is hidden.
// Loaded once per page load into a small store (not react-query), so any component, inside the query
// provider or not, can read the links.
import { useEffect, useSyncExternalStore } from 'react';
import { request } from './client';
import type { components } from './schema';

export type SiteConfig = components['schemas']['SiteConfig'];
export type SiteLinks = SiteConfig['links'];
export type SiteLinkName = keyof SiteLinks;

export const NO_LINKS: SiteLinks = { community: null, video: null, newsletter: null, social: null, partner: null, supportEmail: null };

let config: SiteConfig | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Fetch the configuration once; a failure leaves every link hidden (and is retried on the next call). */
export function loadSiteConfig(): Promise<void> {
  if (config) return Promise.resolve();
  loading ??= request<SiteConfig>('site/config', { auth: 'none' })
    .then((c) => {
      config = c;
      listeners.forEach((l) => l());
    })
    .catch(() => undefined)
    .finally(() => {
      loading = null;
    });
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const linksSnapshot = () => config?.links ?? NO_LINKS;

/** Configured outside links; every one is null until the configuration has loaded (or when unset). */
export function useSiteLinks(): SiteLinks {
  useEffect(() => {
    void loadSiteConfig();
  }, []);
  return useSyncExternalStore(subscribe, linksSnapshot, linksSnapshot);
}

export type SitePartner = SiteConfig['partners'][number];
const NO_PARTNERS: SitePartner[] = [];
const partnersSnapshot = () => config?.partners ?? NO_PARTNERS;

/** The footer's partner sites (at most two, in slot order); empty until loaded or when none is configured. */
export function useSitePartners(): SitePartner[] {
  useEffect(() => {
    void loadSiteConfig();
  }, []);
  return useSyncExternalStore(subscribe, partnersSnapshot, partnersSnapshot);
}

/** Placeholder hrefs in static content ('site:community') resolved against the configured links. */
export function resolveSiteHref(href: string, siteLinks: SiteLinks): string | null {
  if (!href.startsWith('site:')) return href;
  const name = href.slice(5) as SiteLinkName;
  const value = siteLinks[name];
  if (!value) return null;
  return name === 'supportEmail' ? `mailto:${value}` : value;
}

/** The loaded configuration, or null before it has loaded (or when loading failed). */
export function currentSiteConfig(): SiteConfig | null {
  return config;
}

/** Forget the loaded configuration (tests). */
export function resetSiteConfig(): void {
  config = null;
  loading = null;
}
