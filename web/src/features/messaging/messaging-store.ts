// UI state of messaging: the open chat windows (newest first, each open or minimised to a bubble), the
// Messages menu's open state (the profile menu's 'Messages (N)' opens it too) and who is typing where.
import { create } from 'zustand';

/** Windows shown side by side at most; opening one more closes the oldest (a bubble stays a bubble). */
export const MAX_OPEN_WINDOWS = 3;

export interface ChatWindowState {
  memberId: string;
  minimised: boolean;
}

interface MessagingState {
  windows: ChatWindowState[];
  menuOpen: boolean;
  /** Conversation id -> until when (ms) its other member shows as typing. */
  typingUntil: Record<string, number>;
  openWindow: (memberId: string) => void;
  minimise: (memberId: string) => void;
  close: (memberId: string) => void;
  setMenuOpen: (open: boolean) => void;
  setTyping: (conversationId: string, until: number) => void;
}

/** Opens (or restores) a member's window in front; windows beyond the limit are minimised, not lost. */
export const withOpened = (windows: readonly ChatWindowState[], memberId: string): ChatWindowState[] => {
  const rest = windows.filter((w) => w.memberId !== memberId);
  let open = 1;
  return [{ memberId, minimised: false }, ...rest.map((w) => (w.minimised || ++open <= MAX_OPEN_WINDOWS ? w : { ...w, minimised: true }))];
};

export const useMessagingStore = create<MessagingState>()((set) => ({
  windows: [],
  menuOpen: false,
  typingUntil: {},
  openWindow: (memberId) => set((s) => ({ windows: withOpened(s.windows, memberId) })),
  minimise: (memberId) => set((s) => ({ windows: s.windows.map((w) => (w.memberId === memberId ? { ...w, minimised: true } : w)) })),
  close: (memberId) => set((s) => ({ windows: s.windows.filter((w) => w.memberId !== memberId) })),
  setMenuOpen: (menuOpen) => set({ menuOpen }),
  setTyping: (conversationId, until) => set((s) => ({ typingUntil: { ...s.typingUntil, [conversationId]: until } })),
}));
