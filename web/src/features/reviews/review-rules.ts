// What the reviews page computes from a member's reviews (spec 001 §2.11, §4, §5, §9): the overview
// (average to one decimal, count, how many of each star), one star filter at a time, and the four sorts.
import type { Review } from '@contracts/reviews';
import type { ReviewSort } from '@contracts/review-texts';

export interface ReviewOverview {
  average: number;
  count: number;
  /** How many reviews gave each star value, 1 to 5. */
  byStar: Record<1 | 2 | 3 | 4 | 5, number>;
}

export const overviewOf = (reviews: readonly Pick<Review, 'rating'>[]): ReviewOverview => {
  const byStar = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let sum = 0;
  for (const { rating } of reviews) {
    const star = Math.min(5, Math.max(1, Math.round(rating))) as keyof typeof byStar;
    byStar[star] += 1;
    sum += rating;
  }
  // The same rounding as the profile's figure (projections/member-stats averageRating): 4.666 shows 4.7.
  const average = reviews.length === 0 ? 0 : Math.round((sum / reviews.length) * 10) / 10;
  return { average, count: reviews.length, byStar };
};

/** Clicking the filtered star again clears the filter (spec §2.11: one star value at a time). */
export const toggleStar = (current: number | null, clicked: number): number | null => (current === clicked ? null : clicked);

const time = (iso: string) => Date.parse(iso);

/**
 * Newest and oldest go by the session's scheduled time (what the card shows), then by when it was
 * rated; the rating sorts break ties newest first. Stable for equal keys (decision 166).
 */
export const sortReviews = <R extends Pick<Review, 'rating' | 'scheduled_at' | 'rated_at'>>(reviews: readonly R[], sort: ReviewSort): R[] => {
  const newest = (a: R, b: R) => time(b.scheduled_at) - time(a.scheduled_at) || time(b.rated_at) - time(a.rated_at);
  const compare: Record<ReviewSort, (a: R, b: R) => number> = {
    newest,
    oldest: (a, b) => -newest(a, b),
    highest: (a, b) => b.rating - a.rating || newest(a, b),
    lowest: (a, b) => a.rating - b.rating || newest(a, b),
  };
  return [...reviews].sort(compare[sort]);
};

export const visibleReviews = <R extends Pick<Review, 'rating' | 'scheduled_at' | 'rated_at'>>(reviews: readonly R[], star: number | null, sort: ReviewSort): R[] =>
  sortReviews(star === null ? reviews : reviews.filter((r) => Math.round(r.rating) === star), sort);

/** '1 hour', '1.5 hours', '45 minutes'. */
export const durationText = (hours: number): string => {
  if (hours < 1) return `${Math.round(hours * 60)} minutes`;
  return `${Number.isInteger(hours) ? hours : hours.toFixed(1).replace(/\.0$/, '')} hour${hours === 1 ? '' : 's'}`;
};

export const levelText = (level: string): string => (level ? level[0]!.toUpperCase() + level.slice(1) : 'Intermediate');

/** The list's heading: 'All 3 reviews', '1 review' (never 'All 1 reviews'), '2 of 5 reviews'. */
export const shownCountText = (shown: number, all: number): string => {
  const reviews = `review${all === 1 ? '' : 's'}`;
  if (shown !== all) return `${shown} of ${all} ${reviews}`;
  return all === 1 ? `1 ${reviews}` : `All ${all} ${reviews}`;
};
