// What changed, as projectors announce it and the websocket relays it (DESIGN.md §7). Declared here,
// with the contracts, because both sides speak it: projectors return ChangeNotices, the server's change
// hub sends them without the session's participants (it routes by them) and with a post's id as postId
// too, and the web client invalidates the query keys that the change makes stale. A member's change
// names what changed (`about`, the read model that wrote it), so the client refetches only the reads that
// depend on it: one write sends several of them (its session, points, stats, notifications...), and each
// used to refetch every read about the member (issue 29, decision 255).
import type { LiveComment } from './feed-read.js';

export type { LiveComment };

/**
 * What changed about a member: one topic per read model that announces a member's changes, named after
 * what it holds. 'profile': members (profile, skills, availability); 'balance': balances; 'ledger':
 * ledger-transactions; 'sessions': sessions (with their holds, reschedule requests, threads);
 * 'notifications': notifications and their read marks; 'onboarding': onboarding; 'stats': member-stats
 * (completed sessions, ratings, reviews, streak); 'likes': skill-likes.
 */
export type UserTopic = 'profile' | 'balance' | 'ledger' | 'sessions' | 'notifications' | 'onboarding' | 'stats' | 'likes';

/** What changed, relayed to websockets so clients invalidate matching query keys. */
export type ChangeNotice =
  // A member's own data; `about` names what changed, and a change without it may be anything about them
  // (a client's own write that touches several read models says so).
  | { scope: 'user'; id: string; about?: UserTopic }
  | { scope: 'session'; id: string; participants: string[] }
  | { scope: 'post'; id: string }
  | { scope: 'members' } // the member directory as a whole
  | { scope: 'admin' }
  // Feed-wide: a post was created (the client shows a "new posts" pill rather than moving the list).
  | { scope: 'feed'; postId: string; authorId: string }
  // A comment on a post, for the sockets subscribed to it (spec 002 new_comment).
  | { scope: 'comment'; postId: string; comment: LiveComment; isAI: boolean }
  // Messaging (issue 21): a conversation started, a message sent, a read watermark moved; each reaches
  // the two participants' sockets only.
  | { scope: 'conversation'; id: string; participants: string[] }
  | { scope: 'message'; participants: string[]; message: LiveChatMessage }
  | { scope: 'message_read'; participants: string[]; receipt: ReadReceipt };

/** A message as it was sent (spec 001 §3 Message without read_at: a new message is unread). */
export interface LiveChatMessage {
  id: string;
  conversation_id: string;
  sender_id: string;
  recipient_id: string;
  content: string;
  created_at: string;
  sequence: number;
}

/** A participant read up to a message (and every message before it). */
export interface ReadReceipt {
  conversation_id: string;
  reader_id: string;
  up_to_message_id: string;
  up_to_sequence: number;
  read_at: string;
}

export type ChangeScope = ChangeNotice['scope'];

/** Sent to every signed-in socket when a post is created. */
export type NewPostsMessage = { type: 'new_posts'; postId: string; authorId: string };
/** Spec 002: a comment on a post the socket subscribed to (subscribe_post). */
export type NewCommentMessage = { type: 'new_comment'; postId: string; comment: LiveComment; isAI: boolean };

/** To both participants: a new message of their conversation. */
export type NewMessageMessage = { type: 'new_message'; message: LiveChatMessage };
/** To both participants: the reader's watermark moved (the sender shows 'Seen'). */
export type MessagesReadMessage = { type: 'messages_read'; receipt: ReadReceipt };
/** Client to server: I am typing in this conversation; relayed to the other participant as TypingMessage. */
export type TypingRequest = { type: 'typing'; conversationId: string };
export type TypingMessage = { type: 'typing'; conversationId: string; memberId: string };
/** A member's typing is relayed at most once per this many ms per conversation; the client shows it for TYPING_SHOWN_MS. */
export const TYPING_RELAY_INTERVAL_MS = 1_500;
export const TYPING_SHOWN_MS = 4_000;

/**
 * Frames a socket may send (issue 29 item 4): a token bucket of WS_FRAME_BURST frames refilled at
 * WS_FRAMES_PER_SECOND. The burst covers a reconnect that subscribes again to every post on screen (at
 * most 200 subscriptions per socket) and the rate far exceeds typing and pings; past it the server
 * closes the socket with WS_TOO_MANY_MESSAGES (1008, policy violation).
 */
export const WS_FRAMES_PER_SECOND = 20;
export const WS_FRAME_BURST = 250;
export const WS_TOO_MANY_MESSAGES = 1008;

/**
 * A change as the client applies it, whether the socket announced it or the client's own write made it.
 * A member's change is the notice's own, `about` included.
 */
export type Change =
  | Exclude<ChangeNotice, { scope: 'session' | 'post' | 'feed' | 'comment' | 'conversation' | 'message' | 'message_read' }>
  | { scope: 'session'; id: string }
  | { scope: 'post'; id: string; postId: string }
  | { scope: 'conversation'; id: string };

export type ChangedMessage = { type: 'changed' } & Change;
