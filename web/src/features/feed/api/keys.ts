// The feed's query keys, and which of them a change makes stale. Loaded with the app's entry (through
// app/stale-keys.ts), so it imports nothing but types: no contract with a zod schema.
import type { StaleKeys } from '@/lib/stale-keys';

export type FeedSort = 'recent' | 'popular';

/** What the list shows: the stat cards filter by urgency, the dropdown by category (spec 001 §2.3). */
export interface FeedFilter {
  urgency: string | null;
  category: string | null;
  sort: FeedSort;
}

const all = ['feed'] as const;

export const feedKeys = {
  all,
  lists: [...all, 'lists'] as const,
  list: (filter: FeedFilter) => [...feedKeys.lists, filter] as const,
  stats: [...all, 'stats'] as const,
  post: (postId: string) => [...all, 'post', postId] as const,
  comments: (postId: string) => [...feedKeys.post(postId), 'comments'] as const,
  aiFeedback: (commentId: string) => [...all, 'ai-feedback', commentId] as const,
  userSearch: (q: string) => [...all, 'user-search', q] as const,
  skillSearch: (q: string) => [...all, 'skill-search', q] as const,
  preview: (url: string) => [...all, 'og', url] as const,
  assistant: [...all, 'assistant-status'] as const,
};

/**
 * A post's change (its text, likes, comments, a new post or a deletion) refreshes the lists, the
 * counts and that post's comments; the list keeps what it shows until the member takes the new posts
 * (the "new posts" pill), so a refresh never makes it jump.
 */
export const feedStaleKeys: StaleKeys = (change) => {
  if (change.scope !== 'post') return [];
  return [{ queryKey: feedKeys.lists }, { queryKey: feedKeys.stats }, { queryKey: feedKeys.post(change.postId) }];
};
