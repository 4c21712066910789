import { describe, expect, it } from 'vitest';
import type { ProposeReschedule } from './commands.js';
import { followUpsFor } from './follow-ups.js';
import { texts } from './rules.js';
import { foldSession } from './state.js';
import { BEFORE, MENTOR, OUTSIDER, PROPOSED_AT, SESSION_ID, STARTS_AT, STUDENT, append, confirmed, given, proposed, requested } from './testing.js';

const propose = (actorId: string, overrides: Partial<ProposeReschedule> = {}): ProposeReschedule => ({
  type: 'ProposeReschedule',
  sessionId: SESSION_ID,
  now: BEFORE,
  actorId,
  modificationId: 'mod-2',
  proposedStartsAt: '2026-03-07T09:00:00.000Z',
  message: 'Could we do Saturday instead?',
  ...overrides,
});
const answer = (type: 'ApproveReschedule' | 'DeclineReschedule' | 'CancelReschedule', actorId: string, modificationId?: string) =>
  ({ type, sessionId: SESSION_ID, now: BEFORE, actorId, ...(modificationId ? { modificationId } : {}) }) as const;

describe('proposing a reschedule', () => {
  it('puts a confirmed session into modification_pending, whichever participant proposes', () => {
    for (const participant of [STUDENT, MENTOR]) {
      given(confirmed())
        .when(propose(participant))
        .thenMatches([
          {
            type: 'RescheduleProposed',
            data: { modificationId: 'mod-2', proposedBy: participant, proposedStartsAt: '2026-03-07T09:00:00.000Z', startsAt: STARTS_AT },
          },
        ]);
      const events = append(confirmed(), propose(participant));
      const state = foldSession(events);
      expect(state.status).toBe('modification_pending');
      expect(state.status === 'modification_pending' && state.pending.message).toBe('Could we do Saturday instead?');
    }
  });

  it('refuses an outsider', () => {
    given(confirmed()).when(propose(OUTSIDER)).thenRefuses('NOT_AUTHORISED', texts.notParticipant);
  });

  it('asks for both date and time', () => {
    given(confirmed())
      .when(propose(STUDENT, { proposedStartsAt: null }))
      .thenRefuses('VALIDATION', 'Please select both date and time');
  });

  it('refuses a time in the past, the current time, and a long message', () => {
    given(confirmed())
      .when(propose(STUDENT, { proposedStartsAt: '2026-03-01T09:00:00.000Z' }))
      .thenRefuses('VALIDATION', texts.startInPast);
    given(confirmed())
      .when(propose(STUDENT, { proposedStartsAt: STARTS_AT }))
      .thenRefuses('VALIDATION', texts.rescheduleSameTime);
    given(confirmed())
      .when(propose(STUDENT, { message: 'x'.repeat(501) }))
      .thenRefuses('VALIDATION');
  });

  it('tells the proposer to cancel their pending request first', () => {
    given(proposed(STUDENT)).when(propose(STUDENT)).thenRefuses('CONFLICT', texts.pendingOwnModification);
    expect(texts.pendingOwnModification).toMatch(/cancel the pending request first/);
  });

  it('tells the other participant to approve or decline the pending request first', () => {
    given(proposed(STUDENT)).when(propose(MENTOR)).thenRefuses('CONFLICT', texts.pendingOtherModification);
    expect(texts.pendingOtherModification).toMatch(/approve or decline/);
  });

  it('refuses to reschedule a request that is not confirmed, or a session that has started', () => {
    given(requested()).when(propose(STUDENT)).thenRefuses('INVALID_STATE', texts.rescheduleNeedsConfirmed);
    given(confirmed())
      .when(propose(STUDENT, { now: STARTS_AT }))
      .thenRefuses('INVALID_STATE', texts.rescheduleAfterStart);
  });
});

describe('answering a reschedule', () => {
  it('moves the session to the new time when the other participant approves', () => {
    given(proposed(STUDENT))
      .when(answer('ApproveReschedule', MENTOR, 'mod-1'))
      .thenMatches([
        {
          type: 'RescheduleApproved',
          data: { modificationId: 'mod-1', proposedBy: STUDENT, approvedBy: MENTOR, startsAt: PROPOSED_AT, previousStartsAt: STARTS_AT },
        },
      ]);
    const events = append(proposed(STUDENT), answer('ApproveReschedule', MENTOR, 'mod-1'));
    const state = foldSession(events);
    expect(state.status).toBe('confirmed');
    expect(state.status === 'confirmed' && state.session.startsAt).toBe(PROPOSED_AT);
  });

  it('releases only the slot cells the new time no longer covers', () => {
    // 14:00-15:30 moved to 14:30-16:00 keeps 14:30-15:30 reserved.
    const events = append(proposed(MENTOR, '2026-03-05T14:30:00.000Z'), answer('ApproveReschedule', STUDENT));
    const [release] = followUpsFor(events.at(-1)!);
    expect(release).toEqual({
      kind: 'release-slots',
      mentorId: MENTOR,
      studentId: STUDENT,
      sessionId: SESSION_ID,
      slotStarts: ['2026-03-05T14:00:00.000Z', '2026-03-05T14:15:00.000Z'],
    });
  });

  it('keeps the old time when the other participant declines, and allows a new proposal after', () => {
    given(proposed(STUDENT))
      .when(answer('DeclineReschedule', MENTOR))
      .thenMatches([{ type: 'RescheduleDeclined', data: { declinedBy: MENTOR, proposedBy: STUDENT, proposedStartsAt: PROPOSED_AT } }]);
    const events = append(proposed(STUDENT), answer('DeclineReschedule', MENTOR));
    const state = foldSession(events);
    expect(state.status === 'confirmed' && state.session.startsAt).toBe(STARTS_AT);
    given(events)
      .when(propose(MENTOR))
      .thenMatches([{ type: 'RescheduleProposed' }]);
  });

  it('refuses to let the proposer approve or decline their own request', () => {
    given(proposed(STUDENT)).when(answer('ApproveReschedule', STUDENT)).thenRefuses('NOT_AUTHORISED', texts.proposerCannotAnswer);
    given(proposed(MENTOR)).when(answer('DeclineReschedule', MENTOR)).thenRefuses('NOT_AUTHORISED', texts.proposerCannotAnswer);
    given(proposed(STUDENT)).when(answer('ApproveReschedule', OUTSIDER)).thenRefuses('NOT_AUTHORISED', texts.notParticipant);
  });

  it('withdraws the request when the proposer cancels it', () => {
    given(proposed(MENTOR))
      .when(answer('CancelReschedule', MENTOR))
      .thenMatches([{ type: 'RescheduleCancelled', data: { cancelledBy: MENTOR, modificationId: 'mod-1' } }]);
    const events = append(proposed(MENTOR), answer('CancelReschedule', MENTOR));
    expect(foldSession(events).status).toBe('confirmed');
  });

  it('lets only the proposer cancel the request', () => {
    given(proposed(MENTOR)).when(answer('CancelReschedule', STUDENT)).thenRefuses('NOT_AUTHORISED', texts.onlyProposerCancels);
  });

  it('refuses to answer when nothing is pending or the request named is not the pending one', () => {
    given(confirmed()).when(answer('ApproveReschedule', MENTOR)).thenRefuses('INVALID_STATE', texts.noPendingModification);
    given(confirmed()).when(answer('CancelReschedule', MENTOR)).thenRefuses('INVALID_STATE', texts.noPendingModification);
    given(proposed(STUDENT))
      .when(answer('ApproveReschedule', MENTOR, 'mod-0'))
      .thenRefuses('CONFLICT', texts.staleModification);
  });

  it('refuses to approve a proposed time that has already passed', () => {
    const late = { ...answer('ApproveReschedule', MENTOR), now: PROPOSED_AT };
    given(proposed(STUDENT)).when(late).thenRefuses('INVALID_STATE', texts.proposedTimePassed);
  });
});
