// The backend's OpenAPI document (served at /api/openapi.json, beside rather than under /api/v1).
import { queryOptions } from '@tanstack/react-query';
import { request } from './client';

export const openapiKeys = {
  all: ['public'] as const,
  document: () => [...openapiKeys.all, 'openapi'] as const,
};

export const OPENAPI_PATH = 'api/openapi.json';

export const openapiQuery = () =>
  queryOptions({
    queryKey: openapiKeys.document(),
    queryFn: ({ signal }) => request<unknown>(OPENAPI_PATH, { auth: 'none', signal }),
    staleTime: 30 * 60_000,
    retry: false,
  });
