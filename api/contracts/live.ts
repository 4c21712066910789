// The websocket's "this changed" message (DESIGN.md §7): the server's change hub sends it, the web
// client invalidates the query keys that a change of this scope and id makes stale.
import type { ChangeNotice } from '../../projections/types.js';

export type ChangeScope = ChangeNotice['scope'];

export type ChangedMessage =
  | { type: 'changed'; scope: 'user' | 'session'; id: string }
  | { type: 'changed'; scope: 'post'; id: string; postId: string }
  | { type: 'changed'; scope: 'members' | 'admin' };

/** A change as the client applies it, whether the socket announced it or the client's own write made it. */
export type Change = ChangedMessage extends infer M ? (M extends ChangedMessage ? Omit<M, 'type'> : never) : never;

export const changeScopes = ['user', 'session', 'post', 'members', 'admin'] as const satisfies readonly ChangeScope[];
