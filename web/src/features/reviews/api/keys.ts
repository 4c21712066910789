// The reviews feature's query keys, and which of them a change makes stale: a member's figures change
// (scope 'user', about 'stats') when a session of theirs is completed or rated, and so may their reviews.
import { aboutAny, type StaleKeys } from '@/lib/stale-keys';

export const reviewKeys = {
  all: ['reviews'] as const,
  of: (userId: string) => [...reviewKeys.all, userId] as const,
};

// A mentor's reviews are member-stats' rated sessions; the students' names come from members, but a
// student's change is announced to the student, not to the mentor whose reviews these are.
export const reviewStaleKeys: StaleKeys = (change) => (change.scope === 'user' && aboutAny(change, ['stats']) ? [{ queryKey: reviewKeys.of(change.id) }] : []);
