import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@contracts/members';
import { getJson, isStatus } from './http';
import { cameFromSignIn, retryUnauthorized } from './sign-in-mark';

// Shared by the guards, the nav bar and every feature, so it lives in lib rather than in a feature.
export const currentUserKey = ['user'] as const;

export const fetchCurrentUser = (signal?: AbortSignal): Promise<CurrentUser> => getJson<CurrentUser>('/api/user', { signal });

export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
  // A 401 right after the sign-in redirect can be a cookie race, so it is retried then (document 002 §9)
  // and only then: a visitor who is not signed in goes to the sign-in at once (issue 19 point 15). Any
  // other failure is not an authentication answer and is not retried here.
  retry: (failureCount, error) => isStatus(error, 401) && retryUnauthorized(failureCount, cameFromSignIn()),
  retryDelay: 1_000,
  refetchOnWindowFocus: false,
  // A guard that mounts after a 401 (behind a lazy route) takes it as it is instead of asking again; a
  // member's own record is kept fresh by the live socket, not by every component that mounts.
  retryOnMount: false,
  refetchOnMount: (query) => query.state.status !== 'error',
});

export const useCurrentUser = () => useQuery(currentUserQuery);

export type AuthState = { status: 'loading' } | { status: 'authenticated'; user: CurrentUser } | { status: 'anonymous' } | { status: 'error'; retry: () => void };

/**
 * Authentication as the guards see it. While a 401 is being retried (only right after a sign-in) the
 * member is "loading"; otherwise a 401 means anonymous.
 */
export const useAuth = (): AuthState => {
  const query = useCurrentUser();
  if (query.data) return { status: 'authenticated', user: query.data };
  if (query.isPending) return { status: 'loading' };
  if (isStatus(query.error, 401)) return { status: 'anonymous' };
  return { status: 'error', retry: () => void query.refetch() };
};
