// The search page's UI state (zustand): the filters as chosen, kept while the member visits a profile
// or a booking page and comes back. The text is debounced by the page before it is searched.
import { create } from 'zustand';

export interface SearchUiState {
  text: string;
  category: string;
  level: string;
  minRating: number;
  createOpen: boolean;
  setText: (text: string) => void;
  setCategory: (category: string) => void;
  setLevel: (level: string) => void;
  setMinRating: (minRating: number) => void;
  clearFilters: () => void;
  setCreateOpen: (open: boolean) => void;
}

const cleared = { text: '', category: '', level: '', minRating: 0 };

export const useSearchUi = create<SearchUiState>()((set) => ({
  ...cleared,
  createOpen: false,
  setText: (text) => set({ text }),
  setCategory: (category) => set({ category }),
  setLevel: (level) => set({ level }),
  setMinRating: (minRating) => set({ minRating }),
  clearFilters: () => set(cleared),
  setCreateOpen: (createOpen) => set({ createOpen }),
}));

/** Whether any filter differs from the page's start (the 'Clear all filters' link shows then). */
export const hasFilters = (s: Pick<SearchUiState, 'text' | 'category' | 'level' | 'minRating'>): boolean =>
  s.text.trim() !== '' || s.category !== '' || s.level !== '' || s.minRating !== 0;
