// Streams of every category the stream catalogue knows, written by the real commands (and, for the layouts
// of earlier versions no command writes any more, appended as they were): what the time-travel tests fold
// (commands/state-at.int.test.ts on a store, test/api/admin-audit.int.test.ts through the running server).
import { randomUUID } from 'node:crypto';
import { useAiQuota } from '../../commands/feed/assistant.js';
import { addComment, likeComment } from '../../commands/feed/comments.js';
import { createPost, likePost } from '../../commands/feed/posts.js';
import { submitFeedback } from '../../commands/feedback/submit-feedback.js';
import { markMessagesRead, sendMessage, startConversation } from '../../commands/messaging/messaging.js';
import { markNotificationsRead } from '../../commands/notifications/notifications.js';
import { markWelcomeTourSeen } from '../../commands/notifications/welcome-tour.js';
import { carryOverCellReservations } from '../../commands/sessions/carry-over-slots.js';
import { carryOverStudentTime } from '../../commands/sessions/carry-over-student-time.js';
import { requestSession } from '../../commands/sessions/request-session.js';
import { approveSession } from '../../commands/sessions/session-actions.js';
import { stepBookingWriter } from '../../commands/sessions/step-booking-writer.js';
import { MONDAY, newMember, newMentor } from '../../commands/sessions/testing.js';
import { catalogueSkill } from '../../commands/skill-catalogue/skill-catalogue.js';
import { toggleSkillLike } from '../../commands/skill-likes/skill-likes.js';
import { adminActionsStreamId, LEGACY_BOOKINGS_INDEX_STREAM } from '../../commands/stream-ids.js';
import { castFeatureVote, setFeatureStatus } from '../../commands/feature-votes/feature-votes.js';
import { actOnErrorGroup } from '../../commands/error-groups/error-group-actions.js';
import type { CommandDeps } from '../../commands/wiring.js';
import { adminActionsDecider } from '../../domain/admin-actions/decide.js';
import type { EventStore } from '../../eventstore/types.js';

const NOW = MONDAY;
const metadata = () => ({ eventId: randomUUID(), occurredAt: NOW, actorId: null, correlationId: randomUUID(), causationId: null, schemaVersion: 1 });

/** Writes a stream of every category; answers the student whose streams most of them are and their post. */
export const seedEveryStreamCategory = async (deps: CommandDeps, store: Pick<EventStore, 'append'>): Promise<{ student: string; postId: string }> => {
  const fixture = { store };
  const { mentorId, skillId } = await newMentor(deps);
  const student = await newMember(deps);
  await markWelcomeTourSeen(deps, { memberId: student, actorId: student, now: NOW });

  // The slot layout before decision 38, carried over into the hour streams (and its marker written).
  const cell = '2026-03-04T15:00:00.000Z';
  await fixture.store.append(`slot-${mentorId}-${cell}`, [{ type: 'SlotReserved', data: { mentorId, slotStart: cell, sessionId: randomUUID() }, metadata: metadata() }]);
  await carryOverCellReservations(deps.runtime, NOW);
  // The bookings index of earlier versions: no command writes it any more.
  await fixture.store.append(LEGACY_BOOKINGS_INDEX_STREAM, [{ type: 'BookingClosed', data: { sessionId: randomUUID(), outcome: 'failed' }, metadata: metadata() }]);

  const { sessionId } = await requestSession(deps, {
    sessionId: randomUUID(),
    studentId: student,
    instructorId: mentorId,
    skillId,
    startsAt: '2026-03-04T10:00:00.000Z',
    durationHours: 1,
    message: 'Hooks?',
    now: NOW,
  });
  await approveSession(deps, { sessionId, actorId: mentorId, now: NOW });
  // A booking as EventStoreDB writes it, in steps: its index shard and its decision record.
  const steps = { runtime: deps.runtime, bookings: stepBookingWriter(deps.runtime) };
  const stepped = { studentId: student, instructorId: mentorId, skillId, durationHours: 1, message: 'More hooks?', now: NOW };
  await requestSession(steps, { ...stepped, sessionId: randomUUID(), startsAt: '2026-03-05T10:00:00.000Z' });
  await carryOverStudentTime(deps.runtime, NOW);

  const postId = (await createPost(deps, { actorId: student, content: 'How do I profile a slow query?', category: 'development', urgency: 'high', now: NOW })).postId;
  const { commentId } = await addComment(deps, { postId, actorId: mentorId, content: 'Try EXPLAIN ANALYZE', now: NOW });
  await likePost(deps, { postId, actorId: mentorId, now: NOW });
  await likeComment(deps, { postId, commentId, actorId: student, now: NOW });
  await addComment(deps, { postId, actorId: student, content: 'Thanks!', parentCommentId: commentId, now: NOW });

  const { conversationId } = await startConversation(deps, { memberId: student, otherMemberId: mentorId, now: NOW });
  const { messageId } = await sendMessage(deps, { conversationId, senderId: student, content: 'Hello', now: NOW });
  await markMessagesRead(deps, { conversationId, readerId: mentorId, messageId, now: NOW });
  await markNotificationsRead(deps, { memberId: student, notificationIds: [randomUUID()], now: NOW });
  await toggleSkillLike(deps, { skillId, ownerId: mentorId, memberId: student, now: NOW });
  await catalogueSkill(deps, { name: 'PostgreSQL', description: 'Query plans', category: 'development', createdBy: mentorId, source: 'member', now: NOW });
  await useAiQuota(deps, { memberId: student, requestId: randomUUID(), dailyLimit: 20, now: NOW });
  await submitFeedback(deps, { feedbackId: randomUUID(), memberId: student, message: 'Lovely', now: NOW });
  await castFeatureVote(deps, { featureId: 'post_job', memberId: student, voteType: 'like', now: NOW });
  await castFeatureVote(deps, { featureId: 'post_job', memberId: student, voteType: 'dislike', now: NOW });
  await setFeatureStatus(deps, { featureId: 'post_job', adminId: mentorId, status: 'planned', note: 'Next month', now: NOW });
  const errorGroup = { groupId: '0123456789abcdef', adminId: mentorId, appVersion: '1.0.0', latestOccurrenceId: '7', regressed: false, now: NOW };
  await actOnErrorGroup(deps, { ...errorGroup, action: 'resolve', reason: 'Fixed' });
  await actOnErrorGroup(deps, { ...errorGroup, action: 'reopen', reason: 'Back' });
  // A test e-mail's outcome as the command records it once SMTP has answered (commands/test-email).
  await deps.runtime.handle(
    adminActionsDecider,
    adminActionsStreamId(mentorId),
    { type: 'RecordTestEmail', adminId: mentorId, to: 'mentor@example.com', outcome: { sent: false, reason: '535 Authentication failed' }, now: NOW },
    { now: NOW, actorId: mentorId },
  );
  return { student, postId };
};
