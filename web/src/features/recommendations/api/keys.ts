// The recommendations' query keys; both lists follow the member's own changes (skills, sessions).
import { aboutAny, type StaleKeys } from '@/lib/stale-keys';

export const recommendationKeys = {
  all: ['recommendations'] as const,
  of: (userId: string) => [...recommendationKeys.all, userId] as const,
  skills: (userId: string) => [...recommendationKeys.of(userId), 'skills'] as const,
  suggestions: (userId: string) => [...recommendationKeys.of(userId), 'suggestions'] as const,
};

// Both are computed from the members read model (the skills the member teaches and wants) and
// member-stats (the mentors' ratings, the member's last completed session), nothing else.
export const recommendationStaleKeys: StaleKeys = (change) =>
  change.scope === 'user' && aboutAny(change, ['profile', 'stats']) ? [{ queryKey: recommendationKeys.of(change.id) }] : [];
