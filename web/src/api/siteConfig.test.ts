import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSiteConfig, NO_LINKS, resetSiteConfig, resolveSiteHref } from './siteConfig';

afterEach(() => {
  resetSiteConfig();
  vi.unstubAllGlobals();
});

describe('site links', () => {
  it('resolves configured links and hides unset ones', () => {
    const links = { ...NO_LINKS, community: 'https://chat.volland.test', supportEmail: 'help@volland.test' };
    expect(resolveSiteHref('site:community', links)).toBe('https://chat.volland.test');
    expect(resolveSiteHref('site:supportEmail', links)).toBe('mailto:help@volland.test');
    expect(resolveSiteHref('site:video', links)).toBeNull();
    expect(resolveSiteHref('/help', links)).toBe('/help');
  });

  it('fetches the configuration once', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ links: NO_LINKS, release: 'r', sentryDsn: null, sentryEnvironment: 'x' }), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    await loadSiteConfig();
    await loadSiteConfig();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
