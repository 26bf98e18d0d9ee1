import { queryOptions } from '@tanstack/react-query';
import { request, SESSION_OVERRIDE_HEADER, SESSION_OVERRIDE_VALUE } from './client';

import type { components } from './schema';
import { getToken } from './session';

export type TokenPair = components['schemas']['TokenPair'];
export type LoginBody = components['schemas']['Login'];
export type SignupBody = components['schemas']['Signup'];

export const authKeys = {
  all: ['auth'] as const,
  dataToken: () => [...authKeys.all, 'data-token'] as const,
};

export function login(body: LoginBody, opts: { forceOverride?: boolean } = {}): Promise<TokenPair> {
  return request<TokenPair>('auth/login', {
    method: 'POST',
    body,
    auth: 'none',
    headers: opts.forceOverride ? { [SESSION_OVERRIDE_HEADER]: SESSION_OVERRIDE_VALUE } : undefined,
  });
}

export function signup(body: SignupBody): Promise<TokenPair> {
  return request<TokenPair>('auth/signup', { method: 'POST', body, auth: 'none' });
}

export function initResetPassword(email: string): Promise<unknown> {
  return request('auth/init-reset-password', { method: 'POST', body: { email }, auth: 'none' });
}

export function resetPassword(body: { token: string; password: string }): Promise<unknown> {
  return request('auth/reset-password', { method: 'POST', body, auth: 'none' });
}

export function logoutCall(): Promise<unknown> {
  return request('auth/logout', { method: 'POST', auth: 'access', body: { refreshToken: getToken('refreshToken') } });
}

export type AuthConfig = components['schemas']['AuthConfig'];

export const authConfigQuery = () =>
  queryOptions({
    queryKey: [...authKeys.all, 'config'] as const,
    queryFn: ({ signal }) => request<AuthConfig>('auth/config', { auth: 'none', signal }),
    staleTime: Infinity,
  });

export function loginWithGoogle(idToken: string, referral?: string | null): Promise<TokenPair> {
  return request<TokenPair>('auth/login/google', { method: 'POST', body: { idToken, referral: referral ?? null }, auth: 'none' });
}
