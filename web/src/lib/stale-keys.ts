// Which cached queries a change makes stale. Every owner of query keys (each feature, and lib for the
// current user and a member's profile) declares its part as a StaleKeys function built from its own
// key factory; app/ combines them into the one map that the websocket (for the changes the server
// announces) and the mutations (for their own writes, at once) both apply. So a feature's mutation says
// *what* changed, never another feature's keys, and renaming a key cannot silently break live updates.
// A member's change names what changed about them (`about`), and each owner makes stale only the reads
// that depend on it (aboutAny): one write announces several such changes, and each used to refetch every
// read about the member (decision 255).
import { useQueryClient } from '@tanstack/react-query';
import type { Query, QueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext } from 'react';
import type { Change, UserTopic } from '@contracts/live';
import { currentUserKey } from './current-user';

export type { Change, UserTopic };

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

/**
 * Whether a member's change makes stale a read that depends on `topics`: it does when it is about one
 * of them, or about nothing in particular (a change without `about` may be anything about the member).
 */
export const aboutAny = (change: Extract<Change, { scope: 'user' }>, topics: readonly UserTopic[]): boolean =>
  change.about === undefined || topics.includes(change.about);

/**
 * What a member as the API shows them depends on (GET /api/user and /api/users/{id}): the members read
 * model, joined with their points (balances) and their figures (member-stats).
 */
export const memberViewTopics: readonly UserTopic[] = ['profile', 'balance', 'stats'];

/**
 * What a member's session list depends on (GET /api/users/{id}/sessions, the activity summary): the
 * sessions read model, joined with the participants' names and pictures and dated in the viewer's time
 * zone (members).
 */
export const sessionViewTopics: readonly UserTopic[] = ['sessions', 'profile'];

/** The signed-in member's own profile, on a change to that member that the member view shows. */
export const currentUserStaleKeys: StaleKeys = (change, viewerId) =>
  change.scope === 'user' && change.id === viewerId && aboutAny(change, memberViewTopics) ? [{ queryKey: currentUserKey }] : [];

export const viewerOf = (queryClient: QueryClient): string | undefined => queryClient.getQueryData<{ id: string }>(currentUserKey)?.id;

// The queries that will be fetched again once their fetch in flight is done, and that follow-up's promise.
const followUps = new WeakMap<Query, Promise<unknown>>();

/**
 * Fetches `query` again once the fetch it has in flight is done (answered, failed or cancelled), once
 * however many changes ask for it meanwhile. That fetch may have been answered from before the change.
 */
const refetchAfterFetchInFlight = (queryClient: QueryClient, query: Query): Promise<unknown> => {
  const queued = followUps.get(query);
  if (queued) return queued;
  const cache = queryClient.getQueryCache();
  const followUp = new Promise<void>((resolve) => {
    const unsubscribe = cache.subscribe((event) => {
      if (event.query !== query) return;
      if (event.type !== 'removed' && query.state.fetchStatus !== 'idle') return;
      unsubscribe();
      followUps.delete(query);
      if (event.type === 'removed') return resolve();
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }).then(() => resolve());
    });
  });
  followUps.set(query, followUp);
  return followUp;
};

/**
 * Invalidates, once each, the queries the changes make stale. Keys overlap (a member's prefix and a read
 * under it; a session's change and the same member's), so the matching queries are gathered first.
 *
 * A query whose fetch is in flight is not cancelled and asked again at once, as TanStack Query's
 * invalidation does: the notices of one write come in bursts (a booking's session and its members'
 * changes, projected a moment apart), and a dashboard cancelled and restarted its 11 reads with each,
 * while the server, busy projecting, still answered every cancelled one (issue 29 item 10, the
 * proposal's buttons seconds late under load). It is fetched again once that fetch is done: the answer
 * on its way may be from before the change. A first fetch counts too: its answer would otherwise clear
 * the invalidation, and nothing would ask again (a card's first read of a session's reschedule requests,
 * answered after the proposal's notice, hid the Approve/Decline buttons).
 */
export const invalidateChanges = async (queryClient: QueryClient, staleKeys: StaleKeys, changes: readonly Change[]): Promise<unknown> => {
  const viewerId = viewerOf(queryClient);
  const cache = queryClient.getQueryCache();
  const stale = new Set<Query>();
  // The queries of what changed itself (a session, a post, a conversation) are asked first, the member's
  // own (counts, balance, sidebar) after: the browser sends six requests to a host at a time, and a
  // session's change was queued behind the dashboard's eleven member reads.
  const byWhatChanged = [...changes].sort((a, b) => Number(a.scope === 'user') - Number(b.scope === 'user'));
  for (const key of byWhatChanged.flatMap((change) => staleKeys(change, viewerId))) {
    for (const query of cache.findAll({ queryKey: [...key.queryKey], exact: key.exact })) stale.add(query);
  }
  const inFlight = [...stale].filter((query) => query.state.fetchStatus !== 'idle');
  const idle = new Set([...stale].filter((query) => query.state.fetchStatus === 'idle'));
  // Marked stale (an unmounted one fetches when it mounts again), then the mounted ones fetched in order.
  if (idle.size > 0) await queryClient.invalidateQueries({ predicate: (query) => idle.has(query), refetchType: 'none' });
  return Promise.all([
    ...inFlight.map((query) => refetchAfterFetchInFlight(queryClient, query)),
    ...[...idle].map((query) => queryClient.refetchQueries({ queryKey: query.queryKey, exact: true, type: 'active' })),
  ]);
};

export const StaleKeysContext = createContext<StaleKeys | null>(null);

/** For a mutation: apply its own write's changes now, through the same map the websocket uses. */
export const useInvalidateChanges = () => {
  const queryClient = useQueryClient();
  const staleKeys = useContext(StaleKeysContext);
  if (!staleKeys) throw new Error('useInvalidateChanges needs the StaleKeysContext that app/providers.tsx provides');
  return useCallback((changes: readonly Change[]) => invalidateChanges(queryClient, staleKeys, changes), [queryClient, staleKeys]);
};
