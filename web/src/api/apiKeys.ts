import { queryOptions } from '@tanstack/react-query';
import { request } from './client';

import type { components } from './schema';

export type ApiKey = components['schemas']['ApiKey'];
export type NewApiKey = components['schemas']['NewApiKey'];

/** At most 2 active keys at once (platform spec §3, §9). */
export const MAX_ACTIVE_API_KEYS = 2;

export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: () => [...apiKeyKeys.all, 'list'] as const,
};

export const apiKeysQuery = () =>
  queryOptions({
    queryKey: apiKeyKeys.list(),
    queryFn: ({ signal }) =>
      request<ApiKey[]>('api-keys', { signal }),
  });

export function createApiKey(): Promise<NewApiKey> {
  return request('api-keys', { method: 'POST', body: {} });
}

export function deleteApiKey(id: string | number): Promise<void> {
  return request(`api-keys/${encodeURIComponent(String(id))}`, { method: 'DELETE' });
}

