// The reviews feature's query keys, and which of them a change makes stale: a member's figures change
// (scope 'user') when a session of theirs is completed or rated, and so may their reviews.
import type { StaleKeys } from '@/lib/stale-keys';

export const reviewKeys = {
  all: ['reviews'] as const,
  of: (userId: string) => [...reviewKeys.all, userId] as const,
};

export const reviewStaleKeys: StaleKeys = (change) => (change.scope === 'user' ? [{ queryKey: reviewKeys.of(change.id) }] : []);
