// Texts, sorts and the colour rule of the reviews page (spec 001 §2.11, §9), without zod: the page
// imports them from here and loads no schema.

export const reviewTexts = {
  title: (name: string) => `${name}'s Reviews`,
  loading: 'Loading reviews...',
  noReviews: 'No reviews yet',
  noMatch: 'No reviews match this filter',
  userNotFound: 'User not found',
  loadFailed: 'Could not load these reviews',
} as const;

/** Spec 001 §2.11: the four sorts, in the order the select lists them. */
export const REVIEW_SORTS = [
  { value: 'newest', label: 'Newest First' },
  { value: 'oldest', label: 'Oldest First' },
  { value: 'highest', label: 'Highest Rating' },
  { value: 'lowest', label: 'Lowest Rating' },
] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number]['value'];

/** Spec 001 §9: star counts 1 to 5. */
export const REVIEW_STARS = [5, 4, 3, 2, 1] as const;

/** Spec 001 §9: an average of at least 4.5 is green, 3.5 blue, 2.5 yellow, else red. */
export type RatingTone = 'green' | 'blue' | 'yellow' | 'red';
export const ratingTone = (average: number): RatingTone => (average >= 4.5 ? 'green' : average >= 3.5 ? 'blue' : average >= 2.5 ? 'yellow' : 'red');
