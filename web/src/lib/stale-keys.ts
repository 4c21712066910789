// Which cached queries a change makes stale. Every owner of query keys (each feature, and lib for the
// current user and a member's profile) declares its part as a StaleKeys function built from its own
// key factory; app/ combines them into the one map that the websocket (for the changes the server
// announces) and the mutations (for their own writes, at once) both apply. So a feature's mutation says
// *what* changed, never another feature's keys, and renaming a key cannot silently break live updates.
import { useQueryClient } from '@tanstack/react-query';
import type { Query, QueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext } from 'react';
import type { Change } from '@contracts/live';
import { currentUserKey } from './current-user';

export type { Change };

/** A set of queries to invalidate: the key is a prefix unless `exact`. */
export interface StaleKey {
  queryKey: readonly unknown[];
  exact?: boolean;
}

/** One owner's queries that a change makes stale; `viewerId` is the signed-in member. */
export type StaleKeys = (change: Change, viewerId: string | undefined) => StaleKey[];

export const combineStaleKeys =
  (...owners: StaleKeys[]): StaleKeys =>
  (change, viewerId) =>
    owners.flatMap((owner) => owner(change, viewerId));

/** The signed-in member's own profile, on a change to that member. */
export const currentUserStaleKeys: StaleKeys = (change, viewerId) => (change.scope === 'user' && change.id === viewerId ? [{ queryKey: currentUserKey }] : []);

export const viewerOf = (queryClient: QueryClient): string | undefined => queryClient.getQueryData<{ id: string }>(currentUserKey)?.id;

/** A query whose first fetch is on its way: it has no data yet. */
const firstFetchInFlight = (query: Query): boolean => query.state.data === undefined && query.state.fetchStatus === 'fetching';

/**
 * Invalidates, once each, the queries the changes make stale. An invalidation refetches a query whose
 * fetch is in flight only if it already has data; a first fetch is left to finish, and its answer, read
 * before the change perhaps, clears the invalidation, so nothing asks again (issue 29 item 10: a card's
 * first read of a session's reschedule requests, answered after the proposal's notice, hid the
 * Approve/Decline buttons until something else refetched it). Such fetches are cancelled first.
 */
export const invalidateChanges = (queryClient: QueryClient, staleKeys: StaleKeys, changes: readonly Change[]): Promise<unknown> => {
  const viewerId = viewerOf(queryClient);
  const unique = new Map<string, StaleKey>();
  for (const key of changes.flatMap((change) => staleKeys(change, viewerId))) unique.set(JSON.stringify(key), key);
  return Promise.all(
    [...unique.values()].map(async (key) => {
      const filters = { queryKey: [...key.queryKey], exact: key.exact };
      await queryClient.cancelQueries({ ...filters, predicate: firstFetchInFlight });
      return queryClient.invalidateQueries(filters);
    }),
  );
};

export const StaleKeysContext = createContext<StaleKeys | null>(null);

/** For a mutation: apply its own write's changes now, through the same map the websocket uses. */
export const useInvalidateChanges = () => {
  const queryClient = useQueryClient();
  const staleKeys = useContext(StaleKeysContext);
  if (!staleKeys) throw new Error('useInvalidateChanges needs the StaleKeysContext that app/providers.tsx provides');
  return useCallback((changes: readonly Change[]) => invalidateChanges(queryClient, staleKeys, changes), [queryClient, staleKeys]);
};
