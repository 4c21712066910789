import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@contracts/members';
import { getJson, isStatus } from './http';

// Shared by the guards, the nav bar and every feature, so it lives in lib rather than in a feature.
export const currentUserKey = ['user'] as const;

export const fetchCurrentUser = (signal?: AbortSignal): Promise<CurrentUser> => getJson<CurrentUser>('/api/user', { signal });

export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
  // A 401 right after the sign-in redirect can be a cookie race, so it is retried (document 002 §9);
  // any other failure is not an authentication answer and is not retried here.
  retry: (failureCount, error) => isStatus(error, 401) && failureCount < 3,
  retryDelay: 1_000,
  refetchOnWindowFocus: false,
});

export const useCurrentUser = () => useQuery(currentUserQuery);

export type AuthState = { status: 'loading' } | { status: 'authenticated'; user: CurrentUser } | { status: 'anonymous' } | { status: 'error'; retry: () => void };

/**
 * Authentication as the guards see it. While a 401 is being retried the member is "loading";
 * once retries are exhausted a 401 means anonymous.
 */
export const useAuth = (): AuthState => {
  const query = useCurrentUser();
  if (query.data) return { status: 'authenticated', user: query.data };
  if (query.isPending) return { status: 'loading' };
  if (isStatus(query.error, 401)) return { status: 'anonymous' };
  return { status: 'error', retry: () => void query.refetch() };
};
