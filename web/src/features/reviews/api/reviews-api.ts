import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@contracts/reviews';
import { getJson } from '@/lib/http';
import { reviewKeys } from './keys';

export const reviewsQuery = (userId: string) =>
  queryOptions({
    queryKey: reviewKeys.of(userId),
    queryFn: ({ signal }) => getJson<Review[]>(`/api/users/${encodeURIComponent(userId)}/reviews`, { signal }),
  });

export const useReviews = (userId: string) => useQuery(reviewsQuery(userId));
