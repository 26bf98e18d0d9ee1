// The public footer (app and platform spec): Terms, Privacy, the two external partner sites, Help, social
// icons and the copyright line. Partner slots come from the server's site configuration.
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Footer } from './Footer';
import { resetSiteConfig } from '../api/siteConfig';
import { installFetch, Providers } from '../test/utils';

afterEach(() => resetSiteConfig());

const config = (partners: { name: string; url: string }[]) => ({
  links: { community: null, video: null, newsletter: null, social: null, partner: partners[0]?.url ?? null, supportEmail: null },
  partners,
  release: 'test',
  sentryDsn: null,
  sentryEnvironment: 'test',
});

describe('footer partner slots', () => {
  it('shows both configured partner sites by name, opening in a new tab', async () => {
    installFetch({ 'GET site/config': () => ({ body: config([{ name: 'broker.volland.test', url: 'https://broker.volland.test/' }, { name: 'Charting partner', url: 'https://charts.volland.test/' }]) }) });
    render(<Providers><Footer /></Providers>);
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Charting partner' })).toBeInTheDocument());
    const first = within(nav).getByRole('link', { name: 'broker.volland.test' });
    expect(first).toHaveAttribute('href', 'https://broker.volland.test/');
    expect(first).toHaveAttribute('target', '_blank');
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Terms Of Service', 'Privacy Policy', 'broker.volland.test', 'Charting partner', 'Help']);
  });

  it('shows no partner link when none is configured', async () => {
    const { calls } = installFetch({ 'GET site/config': () => ({ body: config([]) }) });
    render(<Providers><Footer /></Providers>);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Terms Of Service', 'Privacy Policy', 'Help']);
  });
});
