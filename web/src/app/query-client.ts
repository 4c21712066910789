import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/http';
import { firstLoadStaleTime } from './first-load';

// A client error other than timeout or rate limit will not change by asking again, so a missing
// profile says 'User not found' at once instead of after 7 s of retries.
const worthRetrying = (error: unknown): boolean => !(error instanceof ApiError) || error.status >= 500 || error.status === 408 || error.status === 429;

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        // 0 (every mount asks again), except what the first load has just read (first-load.ts).
        staleTime: firstLoadStaleTime,
        gcTime: 5 * 60_000,
        retry: (failureCount, error) => failureCount < 3 && worthRetrying(error),
        retryDelay: (attempt) => Math.min(1_000 * 2 ** attempt, 30_000),
      },
      mutations: { retry: false },
    },
  });
