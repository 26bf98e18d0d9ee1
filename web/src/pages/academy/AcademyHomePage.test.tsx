import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../app/router';
import { clearTokens, setTokens } from '../../app/session';
import { installFetch, LocationProbe, Providers } from '../../test/utils';
import { isAcademySubPath } from './AcademyHomePage';

afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const fetch = installFetch({});
  render(
    <Providers initialEntries={[path]}>
      <AppRoutes />
      <LocationProbe />
    </Providers>,
  );
  return fetch;
}

async function findMain() {
  await screen.findByRole('heading', { level: 1, name: 'Volland Academy' });
  return screen.getByRole('main');
}

describe('academy home', () => {
  it('renders at /academy inside the academy layout for a visitor', async () => {
    const { calls } = renderAt('/academy');
    const main = await findMain();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(main).toHaveTextContent(/courses .* are being prepared/);
    expect(main).toHaveTextContent(/sections of short lessons, each followed by a quiz, with points/);
    expect(within(main).getByRole('link', { name: 'Open Help and Guidance' })).toHaveAttribute('href', '/help');
    expect(within(main).getByRole('link', { name: 'Read about the greeks' })).toHaveAttribute('href', '/help?tab=greeks');
    expect(within(main).getByRole('link', { name: 'Browse the dictionary' })).toHaveAttribute('href', '/help?tab=dictionary');
    expect(within(main).getByRole('link', { name: 'Explore Resources' })).toHaveAttribute('href', '/resources');
    // Logged out: the header offers Sign Up and Log In; nothing about workspaces or points.
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/sign-up');
    expect(within(banner).getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/sign-in');
    expect(screen.queryByRole('link', { name: 'Go to Workspaces' })).toBeNull();
    expect(screen.queryByText(/\d+ points?\b/)).toBeNull();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryByTestId('academy-subpath-note')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Academy · Volland'));   // set by an effect after the page renders
    expect(calls.some((c) => c.url.includes('lms'))).toBe(false);
  });

  it('a signed-in user gets Go to Workspaces and the theme toggle; no points are requested or shown', async () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    const { calls } = renderAt('/academy');
    const main = await findMain();
    expect(within(main).getByRole('link', { name: 'Go to Workspaces' })).toHaveAttribute('href', '/app');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Go to Workspaces' })).toHaveAttribute('href', '/app');
    expect(within(banner).getByRole('button', { name: /Switch to (light|dark) theme/ })).toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'Log In' })).toBeNull();
    expect(within(main).getByRole('link', { name: 'Explore Resources' })).toBeInTheDocument();
    // The learner-progress endpoint is not served by the backend yet, so the page neither calls it
    // nor shows a points figure.
    expect(screen.queryByText(/\d+ points?\b/)).toBeNull();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(calls.some((c) => c.url.includes('lms'))).toBe(false);
  });

  it('an unknown path below /academy shows the same page instead of not-found', async () => {
    renderAt('/academy/section/3');
    const main = await findMain();
    expect(screen.getByTestId('location')).toHaveTextContent('/academy/section/3');
    expect(within(main).getByTestId('academy-subpath-note')).toHaveTextContent('is not open yet');
    expect(screen.queryByRole('heading', { name: 'The page you are looking for can’t be found.' })).toBeNull();
  });

  it('tells the home from a deeper academy path', () => {
    expect(isAcademySubPath('/academy')).toBe(false);
    expect(isAcademySubPath('/academy/')).toBe(false);
    expect(isAcademySubPath('/academy/section/3/12/quiz')).toBe(true);
  });
});
