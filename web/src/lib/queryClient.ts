import { QueryClient } from '@tanstack/react-query';

// Fetch policy of app spec §7: no automatic retry, no revalidation on focus or reconnect. Queries that
// need otherwise (the user record: every 30 min and on focus) say so in their own queryOptions.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
