import { queryOptions } from '@tanstack/react-query';
import { ApiRequestError, request } from '../../api/client';

export const publicKeys = {
  all: ['public'] as const,
  openapi: () => [...publicKeys.all, 'openapi'] as const,
};

/** The backend's OpenAPI document (served at /api/openapi.json, beside rather than under /api/v1). */
export const OPENAPI_PATH = 'api/openapi.json';

export const openapiQuery = () =>
  queryOptions({
    queryKey: publicKeys.openapi(),
    queryFn: ({ signal }) => request<unknown>(OPENAPI_PATH, { auth: 'none', signal }),
    staleTime: 30 * 60_000,
    retry: false,
  });

/** A readable sentence from whatever the API client threw. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.message) return error.message;
  return fallback;
}
