// The onboarding card's query key; its steps follow the member's own changes (profile, skills, sessions).
import type { StaleKeys } from '@/lib/stale-keys';

export const onboardingKeys = {
  all: ['onboarding'] as const,
  of: (userId: string) => [...onboardingKeys.all, userId] as const,
};

export const onboardingStaleKeys: StaleKeys = (change) => (change.scope === 'user' ? [{ queryKey: onboardingKeys.of(change.id) }] : []);
