// Which feature's discussion is open: one at a time, toggled (spec 002 §2, §4).
import { create } from 'zustand';

interface DiscussionState {
  openFeatureId: string | null;
  toggle: (featureId: string) => void;
}

export const useDiscussionStore = create<DiscussionState>()((set) => ({
  openFeatureId: null,
  toggle: (featureId) => set((s) => ({ openFeatureId: s.openFeatureId === featureId ? null : featureId })),
}));
