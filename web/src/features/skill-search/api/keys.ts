// The skill search's query keys, and which of them a change makes stale. Loaded with the app's entry
// (through app/stale-keys.ts), so it imports nothing but types.
import type { StaleKeys } from '@/lib/stale-keys';

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
 * A member's change (a new skill, a new name or picture, a rating) or the directory's may change any
 * result; the lists refetch only while the page shows them.
 */
export const skillSearchStaleKeys: StaleKeys = (change) => (change.scope === 'user' || change.scope === 'members' ? [{ queryKey: skillSearchKeys.lists }] : []);
