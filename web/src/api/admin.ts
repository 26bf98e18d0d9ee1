// Admin dashboard calls: users, job state, data freshness, client error reports, newsletter list.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { buildUrl, requestExpiring } from './client';
import { getToken } from './session';
import type { components } from './schema';

type S = components['schemas'];
export type AdminUser = S['AdminUser'];
export type UsersPage = S['UsersPage'];
export type ClientErrorsPage = S['ClientErrorsPage'];
export type ClientErrorGroup = S['ClientErrorGroup'];
export type Freshness = S['Freshness'];
export type JobsOverview = S['JobsOverview'];
export type EnlistedPage = S['EnlistedPage'];
export type Enlistment = S['Enlistment'];

export interface UsersFilter {
  search: string;
  tier: string;
  role: string;
  page: number;
}

export const adminKeys = {
  users: (f: UsersFilter) => ['admin', 'users', f] as const,
  errors: (page: number) => ['admin', 'client-errors', page] as const,
  freshness: () => ['admin', 'freshness'] as const,
  jobs: () => ['admin', 'jobs'] as const,
  enlisted: (search: string, page: number) => ['admin', 'enlisted-users', search, page] as const,
};

export const PAGE_SIZE = 25;

export const adminUsersQuery = (f: UsersFilter) =>
  queryOptions({
    queryKey: adminKeys.users(f),
    queryFn: ({ signal }) =>
      requestExpiring<UsersPage>('admin/users', {
        signal,
        query: { search: f.search || undefined, tier: f.tier || undefined, role: f.role || undefined, page: f.page, pageSize: PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

export const clientErrorsQuery = (page: number) =>
  queryOptions({
    queryKey: adminKeys.errors(page),
    queryFn: ({ signal }) => requestExpiring<ClientErrorsPage>('admin/client-errors', { signal, query: { page, pageSize: PAGE_SIZE } }),
  });

export const freshnessQuery = () =>
  queryOptions({
    queryKey: adminKeys.freshness(),
    queryFn: ({ signal }) => requestExpiring<Freshness>('admin/freshness', { signal }),
  });

export const jobsQuery = () =>
  queryOptions({
    queryKey: adminKeys.jobs(),
    queryFn: ({ signal }) => requestExpiring<JobsOverview>('admin/jobs', { signal, query: { limit: 10 } }),
    retry: false,
  });

export const enlistedQuery = (search: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.enlisted(search, page),
    queryFn: ({ signal }) =>
      requestExpiring<EnlistedPage>('admin/enlisted-users', { signal, query: { search: search || undefined, page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** The CSV export needs the bearer token, so it is fetched and handed to the browser as a file. */
export async function downloadEnlistedCsv(search: string): Promise<void> {
  const url = buildUrl('admin/enlisted-users', { format: 'csv', search: search || undefined });
  const response = await fetch(url, { headers: { Authorization: `Bearer ${getToken('accessToken') ?? ''}` } });
  if (!response.ok) throw new Error(`Export failed (${response.status})`);
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = 'newsletter-emails.csv';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

// ---------------------------------------------------------------- the user's own newsletter opt-in

export const enlistmentQuery = () =>
  queryOptions({
    queryKey: ['enlisted-users', 'me'] as const,
    queryFn: ({ signal }) => requestExpiring<Enlistment>('enlisted-users', { signal }),
  });

export function setEnlisted(enlisted: boolean): Promise<Enlistment> {
  return requestExpiring<Enlistment>('enlisted-users', { method: enlisted ? 'PUT' : 'DELETE' });
}
