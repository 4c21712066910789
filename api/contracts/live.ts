// The websocket's "this changed" message (DESIGN.md §7), derived from the projectors' ChangeNotice so
// a new scope reaches the client's types: the server's change hub sends it without the session's
// participants (it routes by them) and with a post's id as postId too; the web client invalidates the
// query keys that the change makes stale.
import type { ChangeNotice } from '../../projections/types.js';

export type ChangeScope = ChangeNotice['scope'];

/** A change as the client applies it, whether the socket announced it or the client's own write made it. */
export type Change =
  | Exclude<ChangeNotice, { scope: 'session' | 'post' }>
  | { scope: 'session'; id: string }
  | { scope: 'post'; id: string; postId: string };

export type ChangedMessage = { type: 'changed' } & Change;
