// The recommendations' query keys; both lists follow the member's own changes (skills, sessions).
import type { StaleKeys } from '@/lib/stale-keys';

export const recommendationKeys = {
  all: ['recommendations'] as const,
  of: (userId: string) => [...recommendationKeys.all, userId] as const,
  skills: (userId: string) => [...recommendationKeys.of(userId), 'skills'] as const,
  suggestions: (userId: string) => [...recommendationKeys.of(userId), 'suggestions'] as const,
};

export const recommendationStaleKeys: StaleKeys = (change) => (change.scope === 'user' ? [{ queryKey: recommendationKeys.of(change.id) }] : []);
