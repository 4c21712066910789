import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Onboarding } from '@contracts/dashboard';
import { getJson, sendJson } from '@/lib/http';
import { useLiveFallbackInterval } from '@/lib/live-socket';
import { onboardingKeys } from './keys';

export const onboardingQuery = (userId: string) =>
  queryOptions({
    queryKey: onboardingKeys.of(userId),
    queryFn: ({ signal }) => getJson<Onboarding>(`/api/users/${encodeURIComponent(userId)}/onboarding`, { signal }),
  });

/** Live through the member's user notices; the spec's 3 s poll runs only while the socket is down. */
export const useOnboarding = (userId: string) => {
  const refetchInterval = useLiveFallbackInterval(3_000);
  return useQuery({ ...onboardingQuery(userId), refetchInterval });
};

/** PATCH hasSeenWelcomeTour (document 001 §7); the answer is the member's onboarding, cached at once. */
export const useMarkWelcomeTourSeen = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<Onboarding>(`/api/users/${encodeURIComponent(userId)}/onboarding`, { method: 'PATCH', body: { hasSeenWelcomeTour: true } }),
    onSuccess: (onboarding) => queryClient.setQueryData(onboardingKeys.of(userId), onboarding),
    // Document 001 §8: a failure to save the tour's status is only logged; the tour shows again next time.
    onError: (error) => console.warn('Could not save the welcome tour as seen', error),
  });
};
