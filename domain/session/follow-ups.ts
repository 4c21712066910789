// What the session process manager must do in other streams once a session event is stored.
// Slot cells are reserved *before* SessionRequested / RescheduleApproved are appended (that is
// what prevents double booking), so only releases appear here.
import { slotsCovered } from '../slot/slots-covered.js';
import type { SessionEvent, SessionRef } from './events.js';

export type RefundReason = 'rejected' | 'request_cancelled' | 'expired' | 'cancelled';

export type SessionFollowUp =
  | {
      kind: 'refund-hold';
      memberId: string; // the student, whose ledger holds the points
      holdId: string;
      sessionId: string;
      amount: number;
      reason: RefundReason;
      description: string;
    }
  | {
      kind: 'adjudicate-hold';
      memberId: string;
      mentorId: string;
      holdId: string;
      sessionId: string;
      amount: number;
      description: string;
    }
  /** Frees the cells in both members' time (the student's as well, since the session took both). */
  | { kind: 'release-slots'; mentorId: string; studentId: string; sessionId: string; slotStarts: string[] };

const refundDescriptions: Record<RefundReason, string> = {
  rejected: 'Refund: session request rejected',
  request_cancelled: 'Refund: session request cancelled',
  expired: 'Refund: session request not answered in time',
  cancelled: 'Refund: session cancelled',
};

const endBooking = (ref: SessionRef, reason: RefundReason): SessionFollowUp[] => [
  {
    kind: 'refund-hold',
    memberId: ref.studentId,
    holdId: ref.holdId,
    sessionId: ref.sessionId,
    amount: ref.cost,
    reason,
    description: `${refundDescriptions[reason]} (${ref.skillName})`,
  },
  {
    kind: 'release-slots',
    mentorId: ref.instructorId,
    studentId: ref.studentId,
    sessionId: ref.sessionId,
    slotStarts: slotsCovered(ref.startsAt, ref.durationHours),
  },
];

export const followUpsFor = (event: SessionEvent): SessionFollowUp[] => {
  switch (event.type) {
    case 'SessionRejected':
      return endBooking(event.data, 'rejected');
    case 'SessionRequestCancelled':
      return endBooking(event.data, 'request_cancelled');
    case 'SessionRequestExpired':
      return endBooking(event.data, 'expired');
    case 'SessionCancelled':
      return endBooking(event.data, 'cancelled');
    case 'SessionCompleted': {
      const ref = event.data;
      return [
        {
          kind: 'adjudicate-hold',
          memberId: ref.studentId,
          mentorId: ref.instructorId,
          holdId: ref.holdId,
          sessionId: ref.sessionId,
          amount: ref.cost,
          description: `Session completed: ${ref.skillName}`,
        },
      ];
    }
    case 'RescheduleApproved': {
      const ref = event.data;
      // Cells shared by the old and new times stay reserved: the new reservation already owns them.
      const kept = new Set(slotsCovered(ref.startsAt, ref.durationHours));
      const freed = slotsCovered(ref.previousStartsAt, ref.durationHours).filter((cell) => !kept.has(cell));
      return freed.length > 0 ? [{ kind: 'release-slots', mentorId: ref.instructorId, studentId: ref.studentId, sessionId: ref.sessionId, slotStarts: freed }] : [];
    }
    default:
      return [];
  }
};
