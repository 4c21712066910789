// The onboarding card's query key; its steps follow the member's own changes (profile, skills, sessions,
// posts), which the onboarding read model follows itself and announces as 'onboarding'.
import { aboutAny, type StaleKeys } from '@/lib/stale-keys';

export const onboardingKeys = {
  all: ['onboarding'] as const,
  of: (userId: string) => [...onboardingKeys.all, userId] as const,
};

export const onboardingStaleKeys: StaleKeys = (change) =>
  change.scope === 'user' && aboutAny(change, ['onboarding']) ? [{ queryKey: onboardingKeys.of(change.id) }] : [];
