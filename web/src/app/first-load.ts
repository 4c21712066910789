// The first page a member opens is drawn once, with its data (issue 29 point 18, Lighthouse on /dashboard,
// /feed and /search). The server preloads the page's first reads (api/plugins/signed-in-preloads.ts); without
// this, those answers landed while React was still drawing the page in slices, and a store that changes
// under a sliced render makes React draw the whole page again in one blocking task (300-500 ms on a slow
// phone). So on the first load only, the route's loader waits for the reads of its first screen, and the
// page renders with them in the cache. Later navigations keep showing their skeletons at once.
import type { Query, QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@contracts/members';
import { currentUserQuery } from '@/lib/current-user';

/** A read as the features' query factories make it: plain, or infinite (with its first page parameter). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each read has its own data type
export type FirstRead = { queryKey: readonly unknown[]; queryFn?: any; initialPageParam?: unknown; getNextPageParam?: any };
export type FirstReads = (me: CurrentUser, url: URL) => FirstRead[];

// Data the loader has just read counts as fresh for a moment, so the components that mount with it do
// not ask for it all over again; a change the live socket reports still refetches it at once.
const JUST_LOADED_MS = 5_000;
const loadedFirst = new WeakSet<Query>();

/** The app's default staleTime: 0, except for what the first load has just read. */
export const firstLoadStaleTime = (query: Query): number => (loadedFirst.has(query) && Date.now() - query.state.dataUpdatedAt < JUST_LOADED_MS ? JUST_LOADED_MS : 0);

const prefetch = async (client: QueryClient, read: FirstRead) => {
  // No retries here: a read that fails is left to its component, which asks again with the usual retries.
  const options = { ...read, retry: false } as const;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the two prefetches take the factories' own option types
  await ('initialPageParam' in read ? client.prefetchInfiniteQuery(options as any) : client.prefetchQuery(options as any));
  const query = client.getQueryCache().find({ queryKey: read.queryKey, exact: true });
  if (query?.state.status === 'success') loadedFirst.add(query);
};

/**
 * Fetches the reads of a part drawn after the first screen (the dashboard's sidebar), counted fresh as the
 * first load's are; settles when every read has answered or failed.
 */
export const prefetchReads = (client: QueryClient, reads: FirstRead[]): Promise<unknown> => Promise.all(reads.map((read) => prefetch(client, read)));

/** The signed-in member, if the session holds one (a visitor's 401 is the guard's to handle). */
const member = async (client: QueryClient): Promise<CurrentUser | undefined> => {
  // Asked once: a second loader joins the request in flight, and an answer already in (a member, or a
  // visitor's 401) is taken as it is rather than asked again.
  const status = client.getQueryState(currentUserQuery.queryKey)?.status;
  if (status !== 'success' && status !== 'error') await client.prefetchQuery(currentUserQuery);
  return client.getQueryData(currentUserQuery.queryKey);
};

/**
 * A route loader that, on the document's first navigation only, waits for `reads` of the signed-in member.
 * `isFirstLoad` is the router's: true until its first navigation has rendered.
 */
export const firstLoadLoader =
  (client: QueryClient, isFirstLoad: () => boolean, reads?: FirstReads) =>
  async ({ request }: { request: Request }): Promise<null> => {
    if (!isFirstLoad()) return null;
    const me = await member(client);
    if (me && reads) await prefetchReads(client, reads(me, new URL(request.url)));
    return null;
  };
