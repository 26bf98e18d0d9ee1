import type { Query, QueryClient } from '@tanstack/react-query';

/**
 * Keys kept out of revalidation after a plan change or when the refresh countdown ends (app spec §4):
 * historical dates, times and data, stats, the data token and the user record. Historical data keys
 * contain 'historical'; stats keys start with 'public' or 'stats'. A historical widget's data (a widget
 * key whose parameters carry a `date`) never changes either.
 */
export function isExcludedFromRevalidation(queryKey: readonly unknown[]): boolean {
  const [root] = queryKey;
  if (root === 'users' || root === 'auth' || root === 'public' || root === 'stats' || root === 'products' || root === 'api-keys') return true;
  if (root === 'data' && queryKey[1] === 'widget') {
    const params = queryKey[3] as { date?: string | null } | undefined;
    if (params && typeof params === 'object' && params.date) return true;
  }
  return queryKey.some((part) => typeof part === 'string' && part.includes('historical'));
}

export const REVALIDATION_DELAY_MS = 200;

export function revalidateData(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    predicate: (q: Query) => !isExcludedFromRevalidation(q.queryKey),
  });
}
