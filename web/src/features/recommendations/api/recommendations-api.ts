import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Recommendation, Suggestion } from '@contracts/dashboard';
import { getJson } from '@/lib/http';
import { recommendationKeys } from './keys';

export const MAX_RECOMMENDATIONS = 6;

export const recommendationsQuery = (userId: string) =>
  queryOptions({
    queryKey: recommendationKeys.skills(userId),
    queryFn: ({ signal }) => getJson<Recommendation[]>(`/api/users/${encodeURIComponent(userId)}/recommendations`, { signal }),
    staleTime: 60_000,
  });

/** ?t= busts any cache on the way; the list is refreshed whenever the tab becomes visible again. */
export const suggestionsQuery = (userId: string) =>
  queryOptions({
    queryKey: recommendationKeys.suggestions(userId),
    queryFn: ({ signal }) => getJson<Suggestion[]>(`/api/users/${encodeURIComponent(userId)}/suggestions?t=${Date.now()}`, { signal }),
  });

export const useRecommendations = (userId: string) => useQuery(recommendationsQuery(userId));

export const useSuggestions = (userId: string) => useQuery({ ...suggestionsQuery(userId), refetchOnWindowFocus: 'always' });
