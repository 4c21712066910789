// Notices by audience, for the read models that announce their changes (projections/types.ts): one maker
// per audience, and the `changed` notices several read models send. A read model's other kinds (a new
// post, a comment, a message) are made next to its projector.
import { postTopic, type ChangedMessage, type LivePayload, type UserTopic } from '../api/contracts/live.js';
import type { ChangeNotice } from './types.js';

export const toMembers = <P extends LivePayload>(ids: readonly string[], payload: P): ChangeNotice<P> => ({ audience: { to: 'members', ids: [...ids] }, payload });
export const toSignedIn = <P extends LivePayload>(payload: P): ChangeNotice<P> => ({ audience: { to: 'signed-in' }, payload });
export const toAdmins = <P extends LivePayload>(payload: P): ChangeNotice<P> => ({ audience: { to: 'admins' }, payload });
export const toSubscribers = <P extends LivePayload>(topic: string, payload: P): ChangeNotice<P> => ({ audience: { to: 'subscribers', topic }, payload });

/** A member's own data changed; `about` names the read model (decision 255), and is left out, not undefined, when absent. */
export const memberChanged = (id: string, about?: UserTopic): ChangeNotice<ChangedMessage> =>
  toMembers([id], { type: 'changed', scope: 'user', id, ...(about && { about }) });

/** A post changed (edited, liked, deleted, its AI status): for the sockets that follow it. */
export const postChanged = (postId: string): ChangeNotice<ChangedMessage> => toSubscribers(postTopic(postId), { type: 'changed', scope: 'post', id: postId, postId });

/** The member directory as a whole (a name or picture shown everywhere). */
export const membersChanged = (): ChangeNotice<ChangedMessage> => toSignedIn({ type: 'changed', scope: 'members' });
