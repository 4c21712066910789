// The skill search's query keys, and which of them a change makes stale. Loaded with the app's entry
// (through app/stale-keys.ts), so it imports nothing but types and lib/stale-keys (in the entry already).
import { aboutAny, type StaleKeys } from '@/lib/stale-keys';

/** What the page asks for (spec 001 §2.2); the text is the debounced one. */
export interface SkillSearchFilter {
  q: string;
  category: string;
  level: string;
  minRating: number;
}

const all = ['skill-search'] as const;

export const skillSearchKeys = {
  all,
  lists: [...all, 'lists'] as const,
  list: (filter: SkillSearchFilter) => [...skillSearchKeys.lists, filter] as const,
  /** The like button's mutations (a key, not a query: which skills have a like in flight). */
  like: [...all, 'like'] as const,
};

/**
 * A member's change (a new skill, a new name or picture, a rating, a like) or the directory's may change
 * any result: the skill-search read model copies the mentors' profiles, ratings and likes, and announces
 * nothing itself. The lists refetch only while the page shows them.
 */
export const skillSearchStaleKeys: StaleKeys = (change) =>
  (change.scope === 'user' && aboutAny(change, ['profile', 'stats', 'likes'])) || change.scope === 'members' ? [{ queryKey: skillSearchKeys.lists }] : [];
