// The spec's numbers are written out here on purpose: changing a rule or a constant must fail this test.
import { describe, expect, it } from 'vitest';
import { ratingTone, REVIEW_SORTS } from '@contracts/review-texts';
import { durationText, levelText, overviewOf, shownCountText, sortReviews, toggleStar, visibleReviews } from './review-rules';

const review = (id: string, rating: number, scheduled: string, rated = scheduled) => ({
  id,
  rating,
  scheduled_at: `2026-12-${scheduled}:00.000Z`,
  rated_at: `2026-12-${rated}:00.000Z`,
});
const reviews = [review('a', 5, '07T09:00'), review('b', 3, '07T10:00'), review('c', 4, '06T12:00'), review('d', 2, '08T13:00'), review('e', 5, '05T14:00')];
const ids = (list: { id: string }[]) => list.map((r) => r.id);

describe('the rating overview (spec 001 §2.11)', () => {
  it('averages to one decimal, counts, and counts each star from 1 to 5', () => {
    expect(overviewOf(reviews)).toEqual({ average: 3.8, count: 5, byStar: { 1: 0, 2: 1, 3: 1, 4: 1, 5: 2 } });
    expect(overviewOf([{ rating: 5 }, { rating: 4 }, { rating: 5 }])).toMatchObject({ average: 4.7 });
    expect(overviewOf([])).toEqual({ average: 0, count: 0, byStar: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
  });

  it('colours the average green from 4.5, blue from 3.5, yellow from 2.5, else red (spec §9)', () => {
    expect([5, 4.5, 4.4, 3.5, 3.4, 2.5, 2.4, 0].map(ratingTone)).toEqual(['green', 'green', 'blue', 'blue', 'yellow', 'yellow', 'red', 'red']);
  });
});

describe('the star filter', () => {
  it('filters to one star value and clears when the same star is clicked again', () => {
    expect(toggleStar(null, 5)).toBe(5);
    expect(toggleStar(5, 4)).toBe(4);
    expect(toggleStar(4, 4)).toBeNull();
    expect(ids(visibleReviews(reviews, 5, 'newest'))).toEqual(['a', 'e']);
    expect(visibleReviews(reviews, 1, 'newest')).toEqual([]);
    expect(ids(visibleReviews(reviews, null, 'newest'))).toHaveLength(5);
  });
});

describe('the four sorts', () => {
  it('lists Newest First, Oldest First, Highest Rating, Lowest Rating', () => {
    expect(REVIEW_SORTS.map((s) => s.label)).toEqual(['Newest First', 'Oldest First', 'Highest Rating', 'Lowest Rating']);
  });

  it('sorts by scheduled time, and by rating with the newest first among equals', () => {
    expect(ids(sortReviews(reviews, 'newest'))).toEqual(['d', 'b', 'a', 'c', 'e']);
    expect(ids(sortReviews(reviews, 'oldest'))).toEqual(['e', 'c', 'a', 'b', 'd']);
    expect(ids(sortReviews(reviews, 'highest'))).toEqual(['a', 'e', 'c', 'b', 'd']);
    expect(ids(sortReviews(reviews, 'lowest'))).toEqual(['d', 'b', 'c', 'a', 'e']);
  });
});

describe('card texts', () => {
  it('says durations and levels as members read them', () => {
    expect([0.75, 1, 1.5, 2].map(durationText)).toEqual(['45 minutes', '1 hour', '1.5 hours', '2 hours']);
    expect(levelText('advanced')).toBe('Advanced');
  });
});

describe("the list's heading", () => {
  it('counts in the singular for one review, and never says "All 1 reviews"', () => {
    expect(shownCountText(1, 1)).toBe('1 review');
    expect(shownCountText(0, 1)).toBe('0 of 1 review');
    expect(shownCountText(3, 3)).toBe('All 3 reviews');
    expect(shownCountText(1, 5)).toBe('1 of 5 reviews');
  });
});
