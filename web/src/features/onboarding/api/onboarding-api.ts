import { useQuery } from '@tanstack/react-query';
import type { Onboarding } from '@contracts/dashboard';
import { getJson } from '@/lib/http';
import { useLiveFallbackInterval } from '@/lib/live-socket';
import { onboardingKeys } from './keys';

/** Live through the member's user notices; the spec's 3 s poll runs only while the socket is down. */
export const useOnboarding = (userId: string) => {
  const refetchInterval = useLiveFallbackInterval(3_000);
  return useQuery({
    queryKey: onboardingKeys.of(userId),
    queryFn: ({ signal }) => getJson<Onboarding>(`/api/users/${encodeURIComponent(userId)}/onboarding`, { signal }),
    refetchInterval,
  });
};
