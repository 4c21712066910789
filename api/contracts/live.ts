// What changed, as projectors announce it and the websocket relays it (DESIGN.md §7). Declared here,
// with the contracts, because both sides speak it: projectors return ChangeNotices, the server's change
// hub sends them without the session's participants (it routes by them) and with a post's id as postId
// too, and the web client invalidates the query keys that the change makes stale.
import type { LiveComment } from './feed-read.js';

export type { LiveComment };

/** What changed, relayed to websockets so clients invalidate matching query keys. */
export type ChangeNotice =
  | { scope: 'user'; id: string } // a member's own data: profile, balance, ledger, sessions, notifications
  | { scope: 'session'; id: string; participants: string[] }
  | { scope: 'post'; id: string }
  | { scope: 'members' } // the member directory as a whole
  | { scope: 'admin' }
  // Feed-wide: a post was created (the client shows a "new posts" pill rather than moving the list).
  | { scope: 'feed'; postId: string; authorId: string }
  // A comment on a post, for the sockets subscribed to it (spec 002 new_comment).
  | { scope: 'comment'; postId: string; comment: LiveComment; isAI: boolean };

export type ChangeScope = ChangeNotice['scope'];

/** Sent to every signed-in socket when a post is created. */
export type NewPostsMessage = { type: 'new_posts'; postId: string; authorId: string };
/** Spec 002: a comment on a post the socket subscribed to (subscribe_post). */
export type NewCommentMessage = { type: 'new_comment'; postId: string; comment: LiveComment; isAI: boolean };

/** A change as the client applies it, whether the socket announced it or the client's own write made it. */
export type Change =
  Exclude<ChangeNotice, { scope: 'session' | 'post' | 'feed' | 'comment' }> | { scope: 'session'; id: string } | { scope: 'post'; id: string; postId: string };

export type ChangedMessage = { type: 'changed' } & Change;
