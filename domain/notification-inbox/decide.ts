// The inbox decider. Marking read is idempotent: ids already marked and an upTo not later than the
// last one append nothing, so the client's automatic "read after 2 seconds" and a click on the same
// notification do not pile up events.
import { Map as ImmutableMap } from 'immutable';
import { DomainError, assertNever, type Decider } from '../shared.js';
import type { InboxCommand, MarkAllNotificationsRead, MarkNotificationsRead } from './commands.js';
import type { InboxEvent } from './events.js';

export interface InboxState {
  /** Persistent: marking one more read must not copy every id read before. */
  readIds: ImmutableMap<string, true>;
  /** The latest upTo of a mark-all, as epoch ms; null before the first. */
  allReadUpTo: number | null;
}

export const MAX_IDS_PER_MARK = 200;

export const initialInboxState = (): InboxState => ({ readIds: ImmutableMap(), allReadUpTo: null });

export const evolveInbox = (state: InboxState, event: InboxEvent): InboxState => {
  switch (event.type) {
    case 'NotificationsMarkedRead': {
      let { readIds } = state;
      for (const id of event.data.notificationIds) readIds = readIds.set(id, true);
      return { ...state, readIds };
    }
    case 'AllNotificationsMarkedRead': {
      const upTo = Date.parse(event.data.upTo);
      if (Number.isNaN(upTo) || (state.allReadUpTo !== null && upTo <= state.allReadUpTo)) return state;
      return { ...state, allReadUpTo: upTo };
    }
    default:
      return state;
  }
};

const requireOwner = (memberId: string, actorId: string) => {
  if (memberId !== actorId) throw new DomainError('NOT_AUTHORISED', 'You can only update your own notifications');
};

const markRead = (command: MarkNotificationsRead, state: InboxState): InboxEvent[] => {
  requireOwner(command.memberId, command.actorId);
  const ids = [...new Set(command.notificationIds.map((id) => id.trim()).filter((id) => id !== ''))];
  if (ids.length === 0) throw new DomainError('VALIDATION', 'Please choose a notification to mark as read');
  if (ids.length > MAX_IDS_PER_MARK) {
    throw new DomainError('VALIDATION', `At most ${MAX_IDS_PER_MARK} notifications can be marked read at once`);
  }
  const unread = ids.filter((id) => !state.readIds.has(id));
  return unread.length === 0 ? [] : [{ type: 'NotificationsMarkedRead', data: { memberId: command.memberId, notificationIds: unread } }];
};

const markAllRead = (command: MarkAllNotificationsRead, state: InboxState): InboxEvent[] => {
  requireOwner(command.memberId, command.actorId);
  const upTo = Date.parse(command.upTo);
  if (Number.isNaN(upTo)) throw new DomainError('VALIDATION', `Invalid instant: ${command.upTo}`);
  if (state.allReadUpTo !== null && upTo <= state.allReadUpTo) return [];
  return [{ type: 'AllNotificationsMarkedRead', data: { memberId: command.memberId, upTo: new Date(upTo).toISOString() } }];
};

export const decideInbox = (command: InboxCommand, state: InboxState): InboxEvent[] => {
  switch (command.type) {
    case 'MarkNotificationsRead':
      return markRead(command, state);
    case 'MarkAllNotificationsRead':
      return markAllRead(command, state);
    default:
      return assertNever(command);
  }
};

export const inboxDecider: Decider<InboxState, InboxCommand, InboxEvent> = {
  initialState: initialInboxState,
  evolve: evolveInbox,
  decide: decideInbox,
};
