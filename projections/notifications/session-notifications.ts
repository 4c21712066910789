// Which session events notify whom, and with what (spec 000 §3 notification types). The recipient
// is the participant who did not act; events nobody acted on (expiry, automatic completion) notify
// both. Types without a spec type of their own are 'dashboard_action': reschedule approved
// (rescheduled), declined or withdrawn, session completed, and session rated.
import { createHash } from 'node:crypto';
import type { SessionEvent } from '../../domain/session/events.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import type { NotificationRow } from './tables.js';

/** Chat and mention previews keep the first 50 characters (spec 001 §9). */
export const PREVIEW_LENGTH = 50;

export const preview = (text: string): string => (text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH)}...` : text);

/** A name-based UUID (SHA-1, as RFC 9562 v5) of the event and recipient: stable across rebuilds. */
export const notificationId = (eventId: string, recipientId: string): string => {
  const hex = createHash('sha1').update(`notification:${eventId}:${recipientId}`).digest('hex');
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
};

interface Draft {
  recipient: string;
  type: string;
  eventType: string;
  title: string;
  /** With `from`, the text that follows the member's name; without, the whole message. */
  message: string;
  from: string | null;
}

const stars = (n: number) => `${n} star${n === 1 ? '' : 's'}`;
const points = (n: number) => `${n} point${n === 1 ? '' : 's'}`;

const drafts = (event: SessionEvent): Draft[] => {
  const d = event.data;
  const skill = d.skillName;
  const other = (memberId: string) => (memberId === d.studentId ? d.instructorId : d.studentId);
  switch (event.type) {
    case 'SessionRequested': {
      const note = event.data.message ? `: "${preview(event.data.message)}"` : '';
      return [
        {
          recipient: d.instructorId,
          type: 'session_request',
          eventType: 'NEW_SESSION_REQUEST',
          title: 'New Session Request',
          message: `requested a ${skill} session${note}`,
          from: d.studentId,
        },
      ];
    }
    case 'SessionApproved':
      return [
        {
          recipient: d.studentId,
          type: 'session_approved',
          eventType: 'SESSION_APPROVED',
          title: 'Session Approved',
          message: `approved your ${skill} session`,
          from: event.data.approvedBy,
        },
      ];
    case 'SessionRejected':
      return [
        {
          recipient: d.studentId,
          type: 'session_rejected',
          eventType: 'SESSION_REJECTED',
          title: 'Session Request Rejected',
          message: `rejected your ${skill} session request: ${event.data.reason}`,
          from: event.data.rejectedBy,
        },
      ];
    case 'SessionRequestCancelled':
      return [
        {
          recipient: d.instructorId,
          type: 'session_cancelled',
          eventType: 'SESSION_CANCELLED',
          title: 'Session Request Cancelled',
          message: `cancelled the ${skill} session request`,
          from: event.data.cancelledBy,
        },
      ];
    case 'SessionRequestExpired':
      return [
        {
          recipient: d.studentId,
          type: 'dashboard_action',
          eventType: 'SESSION_DECLINED',
          title: 'Session Request Declined',
          message: `Your ${skill} session request was not answered before its start time. Your points were refunded.`,
          from: null,
        },
        {
          recipient: d.instructorId,
          type: 'dashboard_action',
          eventType: 'SESSION_DECLINED',
          title: 'Session Request Declined',
          message: `A ${skill} session request expired before you answered it.`,
          from: null,
        },
      ];
    case 'RescheduleProposed': {
      const { proposedBy, message } = event.data;
      const note = message ? `: "${preview(message)}"` : '';
      return [
        {
          recipient: other(proposedBy),
          type: 'modification_request',
          eventType: 'MODIFICATION_REQUEST',
          title: 'Reschedule Requested',
          message: `proposed a new time for your ${skill} session${note}`,
          from: proposedBy,
        },
      ];
    }
    case 'RescheduleApproved':
      return [
        {
          recipient: event.data.proposedBy,
          type: 'dashboard_action',
          eventType: 'MODIFICATION_APPROVED',
          title: 'Reschedule Approved',
          message: `approved the new time for your ${skill} session`,
          from: event.data.approvedBy,
        },
      ];
    case 'RescheduleDeclined':
      return [
        {
          recipient: event.data.proposedBy,
          type: 'dashboard_action',
          eventType: 'MODIFICATION_REJECTED',
          title: 'Reschedule Declined',
          message: `declined the new time for your ${skill} session`,
          from: event.data.declinedBy,
        },
      ];
    case 'RescheduleCancelled':
      return [
        {
          recipient: other(event.data.cancelledBy),
          type: 'dashboard_action',
          eventType: 'MODIFICATION_CANCELLED',
          title: 'Reschedule Withdrawn',
          message: `withdrew the reschedule request for your ${skill} session`,
          from: event.data.cancelledBy,
        },
      ];
    case 'SessionCancelled':
      return [
        {
          recipient: other(event.data.cancelledBy),
          type: 'session_cancelled',
          eventType: 'SESSION_CANCELLED',
          title: 'Session Cancelled',
          message: `cancelled your ${skill} session: ${event.data.reason}`,
          from: event.data.cancelledBy,
        },
      ];
    case 'SessionCompleted':
      if (event.data.completedBy !== null) {
        return [
          {
            recipient: d.studentId,
            type: 'dashboard_action',
            eventType: 'SESSION_COMPLETED',
            title: 'Session Completed',
            message: `marked your ${skill} session as completed. Rate it on your dashboard.`,
            from: event.data.completedBy,
          },
        ];
      }
      return [
        {
          recipient: d.studentId,
          type: 'dashboard_action',
          eventType: 'SESSION_COMPLETED',
          title: 'Session Completed',
          message: `Your ${skill} session is complete. Rate it on your dashboard.`,
          from: null,
        },
        {
          recipient: d.instructorId,
          type: 'dashboard_action',
          eventType: 'SESSION_COMPLETED',
          title: 'Session Completed',
          message: `Your ${skill} session is complete. You earn ${points(d.cost)}.`,
          from: null,
        },
      ];
    case 'SessionRated': {
      const review = event.data.review ? ' and wrote a review' : '';
      return [
        {
          recipient: d.instructorId,
          type: 'dashboard_action',
          eventType: 'SESSION_RATED',
          title: 'New Rating',
          message: `rated your ${skill} session ${stars(event.data.stars)}${review}`,
          from: event.data.ratedBy,
        },
      ];
    }
    case 'ThreadMessagePosted':
      return [
        {
          recipient: other(event.data.senderId),
          type: 'thread_message',
          eventType: 'THREAD_MESSAGE',
          title: 'New Session Message',
          message: `sent a message about ${skill}: ${preview(event.data.message)}`,
          from: event.data.senderId,
        },
      ];
  }
};

export const sessionNotificationsFor = (event: SessionEvent, recorded: RecordedEvent): NotificationRow[] =>
  drafts(event).map((draft) => ({
    id: notificationId(recorded.metadata.eventId, draft.recipient),
    recipient_id: draft.recipient,
    type: draft.type,
    event_type: draft.eventType,
    title: draft.title,
    message: draft.message,
    session_id: event.data.sessionId,
    post_id: null,
    comment_id: null,
    from_user_id: draft.from,
    created_at: recorded.metadata.occurredAt,
    position: recorded.globalPosition.toString(),
  }));
