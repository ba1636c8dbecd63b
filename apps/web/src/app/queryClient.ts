import { QueryClient } from '@tanstack/react-query';

/** Spec §9: no retries anywhere; a failed call is reported once and left to the user. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
