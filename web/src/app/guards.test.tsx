import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { GuestOnly, RequireAdmin, RequireAuth } from './guards';
import { safeRedirect } from '../lib/redirects';
import { setTokens } from '../api/session';
import { installFetch, LocationProbe, Providers } from '../test/utils';

afterEach(() => vi.unstubAllGlobals());

function tree(path: string) {
  return (
    <Providers initialEntries={[path]}>
      <Routes>
        <Route path="/app/x" element={<RequireAuth><p>secret</p></RequireAuth>} />
        <Route path="/admin" element={<RequireAdmin><p>admin area</p></RequireAdmin>} />
        <Route path="/sign-in" element={<GuestOnly><p>sign in form</p></GuestOnly>} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </Providers>
  );
}

const user = (roles: string[]) => ({ id: 1, firstName: 'A', email: 'a@b.co', roles, subscriptions: [], apiSubscriptions: [], tier: null, planName: null, apiCredits: 0, hasPassword: true, createdAt: '2025-01-01T00:00:00Z' });

describe('guards', () => {
  it('safeRedirect accepts only same-site paths', () => {
    expect(safeRedirect('/app/user-settings?x=1')).toBe('/app/user-settings?x=1');
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('/\\evil')).toBeNull();
  });

  it('a protected route without tokens goes to sign-in with redirectUri', () => {
    render(tree('/app/x?tab=2'));
    expect(screen.getByTestId('location')).toHaveTextContent('/sign-in?redirectUri=%2Fapp%2Fx%3Ftab%3D2');
  });

  it('a stored access token sends the visitor away from sign-in, home by default', () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    render(tree('/sign-in'));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('admin guard: non-admin → workspace hub; admin → through', async () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    installFetch({ 'GET users': () => ({ body: user(['User']) }) });
    render(tree('/admin'));
    expect(await screen.findByText('/app/workspace')).toBeInTheDocument();
  });

  it('admin guard lets an Admin in', async () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    installFetch({ 'GET users': () => ({ body: user(['User', 'Admin']) }) });
    render(tree('/admin'));
    expect(await screen.findByText('admin area')).toBeInTheDocument();
  });

  it('admin guard: signed out → sign-in with redirectUri', () => {
    render(tree('/admin'));
    expect(screen.getByTestId('location')).toHaveTextContent('/sign-in?redirectUri=%2Fadmin');
  });
});
