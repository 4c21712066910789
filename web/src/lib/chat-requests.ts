// How any part of the app opens a chat window with a member without importing the messaging feature
// (features never import each other): `openChat(memberId)` from a button (a profile's Message button),
// or the URL parameter `?chat={memberId}` from a link (a message notification). The messaging feature's
// chat dock, mounted by the app shell, takes each request and opens (or restores) that member's window.
import { create } from 'zustand';

export const CHAT_PARAM = 'chat';

/** A link that opens the chat with the member on the current page. */
export const chatHref = (memberId: string): string => `?${new URLSearchParams({ [CHAT_PARAM]: memberId })}`;

interface ChatRequests {
  /** The latest request; `at` tells two requests for the same member apart. */
  request: { memberId: string; at: number } | null;
  openChat: (memberId: string) => void;
}

export const useChatRequests = create<ChatRequests>()((set) => ({
  request: null,
  openChat: (memberId) => set({ request: { memberId, at: Date.now() } }),
}));

export const openChat = (memberId: string) => useChatRequests.getState().openChat(memberId);
