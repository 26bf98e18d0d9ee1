// Outside links and error-reporting settings come from the backend's settings (GET site/config), so an
// operator sets them through the environment; a link that is not configured is null and is hidden.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api/client';
import type { components } from '../api/schema';

export type SiteConfig = components['schemas']['SiteConfig'];
export type SiteLinks = SiteConfig['links'];
export type SiteLinkName = keyof SiteLinks;

export const NO_LINKS: SiteLinks = { community: null, video: null, newsletter: null, social: null, partner: null, supportEmail: null };

export const siteConfigQuery = () =>
  queryOptions({
    queryKey: ['site', 'config'] as const,
    queryFn: ({ signal }) => request<SiteConfig>('site/config', { auth: 'none', signal }),
    staleTime: Infinity,
    retry: 1,
  });

/** Configured outside links; every one is null until the configuration has loaded (or when unset). */
export function useSiteLinks(): SiteLinks {
  const { data } = useQuery(siteConfigQuery());
  return data?.links ?? NO_LINKS;
}

/** Placeholder hrefs in static content ('site:community') resolved against the configured links. */
export function resolveSiteHref(href: string, siteLinks: SiteLinks): string | null {
  if (!href.startsWith('site:')) return href;
  const name = href.slice(5) as SiteLinkName;
  const value = siteLinks[name];
  if (!value) return null;
  return name === 'supportEmail' ? `mailto:${value}` : value;
}
