import { queryOptions } from '@tanstack/react-query';
import { request } from './client';

import type { components } from './schema';

export type Subscription = components['schemas']['Subscription'];
export type User = components['schemas']['User'];
export type UserUpdate = components['schemas']['UserUpdate'];
export type Invoice = components['schemas']['Invoice'];

export const USER_REFETCH_MS = 30 * 60_000;

export const userKeys = {
  all: ['users'] as const,
  me: () => [...userKeys.all, 'me'] as const,
  invoices: (userId: string | number) => [...userKeys.all, userId, 'invoices'] as const,
};

/** The signed-in user: refreshed every 30 minutes and on window focus (app spec §7). */
export const userQuery = () =>
  queryOptions({
    queryKey: userKeys.me(),
    queryFn: ({ signal }) => request<User>('users', { signal }),
    staleTime: 60_000,
    refetchInterval: USER_REFETCH_MS,
    refetchOnWindowFocus: true,
  });

export const invoicesQuery = (userId: string | number) =>
  queryOptions({
    queryKey: userKeys.invoices(userId),
    queryFn: ({ signal }) =>
      request<Invoice[]>(`users/${userId}/invoices`, { signal }),
  });

export function updateUser(body: UserUpdate): Promise<User> {
  return request<User>('users', { method: 'PUT', body });
}
