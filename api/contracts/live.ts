// What a socket hears (DESIGN.md §7, spec 002). Declared here, with the contracts, because both sides
// speak it: a projector's change notice carries one of these as its payload, the server's change hub sends
// the payload as it is to the notice's audience (projections/types.ts: who hears it is apart from what it
// says), and the web client reads it. A member's change names what changed (`about`, the read model that
// wrote it), so the client refetches only the reads that depend on it: one write sends several of them (its
// session, points, stats, notifications...), and each used to refetch every read about the member (issue
// 29, decision 255).
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

/**
 * What a socket hears: any message with a `type` (its kind: `changed`, `new_posts`, `new_comment`,
 * `new_message`, `messages_read`, `ai_status`, ...). The hub never reads past it; each kind's data is typed
 * by the feature that sends it, here for the kinds the client reads.
 */
export type LivePayload = { type: string; [data: string]: unknown };

/** The topic a socket joins with `subscribe_post`: a post's changes, comments and AI status go to it. */
export const postTopic = (postId: string): string => `post:${postId}`;

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
 * A change as the client applies it, whether the socket announced it (`changed`) or the client's own write
 * made it: the client makes stale the query keys it names.
 */
export type Change =
  // A member's own data; `about` names what changed, and a change without it may be anything about them
  // (a client's own write that touches several read models says so).
  | { scope: 'user'; id: string; about?: UserTopic }
  | { scope: 'session'; id: string }
  | { scope: 'post'; id: string; postId: string }
  | { scope: 'conversation'; id: string }
  | { scope: 'members' } // the member directory as a whole
  | { scope: 'feature'; id: string } // a feature offered for voting: its counts, discussion or status
  | { scope: 'admin' };

export type ChangedMessage = { type: 'changed' } & Change;

/** Whether a payload is a `changed` of this scope (for a reader that cares about one kind, e.g. a cache). */
export const isChange = <S extends Change['scope']>(payload: LivePayload, scope: S): payload is ChangedMessage & { scope: S } =>
  payload.type === 'changed' && (payload as Partial<Change>).scope === scope;
