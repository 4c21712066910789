// Read flags of a member's notifications (PUT /notifications/{id}/read, PUT
// /users/{id}/notifications/read-all). The notifications read model applies these events.
import type { InboxEvent } from '../../domain/notification-inbox/events.js';
import { inboxDecider } from '../../domain/notification-inbox/decide.js';
import type { Checkpoint } from '../../eventstore/types.js';
import type { CommandRuntime } from '../runtime/types.js';
import { inboxStreamId } from '../stream-ids.js';

export interface InboxDeps {
  runtime: CommandRuntime;
}

export interface InboxResult {
  /** null when everything named was already read. */
  checkpoint: Checkpoint | null;
  events: InboxEvent[];
}

interface MemberInput {
  memberId: string;
  /** The signed-in member; defaults to memberId (the API checks the path id against the cookie). */
  actorId?: string | undefined;
  now: string;
  correlationId?: string | undefined;
}

const run = async (deps: InboxDeps, input: MemberInput, command: Parameters<typeof inboxDecider.decide>[0]): Promise<InboxResult> => {
  const { checkpoint, events } = await deps.runtime.handle(inboxDecider, inboxStreamId(input.memberId), command, {
    now: input.now,
    actorId: input.actorId ?? input.memberId,
    correlationId: input.correlationId,
  });
  return { checkpoint, events };
};

export const markNotificationsRead = (deps: InboxDeps, input: MemberInput & { notificationIds: readonly string[] }): Promise<InboxResult> =>
  run(deps, input, {
    type: 'MarkNotificationsRead',
    memberId: input.memberId,
    actorId: input.actorId ?? input.memberId,
    notificationIds: input.notificationIds,
    now: input.now,
  });

export const markNotificationRead = (deps: InboxDeps, input: MemberInput & { notificationId: string }): Promise<InboxResult> =>
  markNotificationsRead(deps, { ...input, notificationIds: [input.notificationId] });

/** Everything created up to now counts as read; notifications arriving later stay unread. */
export const markAllNotificationsRead = (deps: InboxDeps, input: MemberInput): Promise<InboxResult> =>
  run(deps, input, {
    type: 'MarkAllNotificationsRead',
    memberId: input.memberId,
    actorId: input.actorId ?? input.memberId,
    upTo: input.now,
    now: input.now,
  });
