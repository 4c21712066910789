// The feed's reads: GET /api/posts, paged by cursor (an infinite list), filtered and sorted on the
// server (spec 001 §2.3); each page carries the stat cards' counts.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/http';
import { FEED_PAGE_SIZE, feedPaths } from '../feed-constants';
import { useFeedUi } from '../feed-store';
import type { FeedPage, PostCard } from './feed-view';
import { feedKeys } from './keys';
import type { FeedFilter } from './keys';

export const feedQuery = (filter: FeedFilter) =>
  infiniteQueryOptions({
    queryKey: feedKeys.list(filter),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ sort: filter.sort, limit: String(FEED_PAGE_SIZE) });
      if (filter.urgency) params.set('urgency', filter.urgency);
      if (filter.category) params.set('category', filter.category);
      if (pageParam) params.set('cursor', pageParam);
      return getJson<FeedPage>(`${feedPaths.posts}?${params}`, { signal });
    },
    getNextPageParam: (last) => last.next_cursor,
  });

export const useFeed = (filter: FeedFilter) => useInfiniteQuery(feedQuery(filter));

/** The feed's first read: the first page with the filter the page opens with. */
export const feedFirstReads = () => [feedQuery(useFeedUi.getState().filter)];

/** Every post loaded so far, once each (a post may move between pages while the member scrolls). */
export const postsOf = (pages: readonly FeedPage[] | undefined): PostCard[] => {
  const seen = new Set<string>();
  return (pages ?? []).flatMap((page) => page.posts).filter((post) => !seen.has(post.id) && !!seen.add(post.id));
};

/** One post, for a ?post= or ?comment= link to a post the list has not loaded. */
export const fetchPost = (postId: string, signal?: AbortSignal) => getJson<{ post: PostCard }>(feedPaths.post(postId), { signal }).then((body) => body.post);
