// The reviews page's UI state (zustand; the reviews themselves stay in TanStack Query): whose reviews
// the choices belong to, the one star filtered on (spec 001 §5) and the sort. Opening another member's
// reviews starts again from all stars, newest first.
import { create } from 'zustand';
import type { ReviewSort } from '@contracts/review-texts';
import { toggleStar } from './review-rules';

interface ReviewsUiState {
  userId: string | null;
  star: number | null;
  sort: ReviewSort;
  /** The choices for this member: kept if they are already theirs, else the defaults. */
  show: (userId: string) => void;
  clickStar: (star: number) => void;
  clearStar: () => void;
  setSort: (sort: ReviewSort) => void;
}

export const useReviewsUi = create<ReviewsUiState>((set) => ({
  userId: null,
  star: null,
  sort: 'newest',
  show: (userId) => set((s) => (s.userId === userId ? s : { userId, star: null, sort: 'newest' })),
  clickStar: (star) => set((s) => ({ star: toggleStar(s.star, star) })),
  clearStar: () => set({ star: null }),
  setSort: (sort) => set({ sort }),
}));
