import { describe, expect, it } from 'vitest';
import type { RateSession } from './commands.js';
import { followUpsFor } from './follow-ups.js';
import { texts } from './rules.js';
import { foldSession } from './state.js';
import { BEFORE, MENTOR, OUTSIDER, SESSION_ID, STARTS_AT, STUDENT, append, completed, confirmed, expectRefusal, given, proposed, requested } from './testing.js';

const cancel = (actorId: string, now = BEFORE, reason = 'Something came up at work') => ({ type: 'CancelSession', sessionId: SESSION_ID, now, actorId, reason }) as const;
const autoComplete = (now: string) => ({ type: 'CompleteSession', sessionId: SESSION_ID, now }) as const;
const markCompleted = (actorId: string, now: string) => ({ type: 'MarkSessionCompleted', sessionId: SESSION_ID, now, actorId }) as const;
const rate = (actorId: string, stars: number | null, review = ''): RateSession => ({
  type: 'RateSession',
  sessionId: SESSION_ID,
  now: '2026-03-06T09:00:00.000Z',
  actorId,
  stars,
  review,
});

describe('cancelling a confirmed session', () => {
  it('cancels with the reason and refunds the hold, whichever participant cancels', () => {
    for (const participant of [STUDENT, MENTOR]) {
      const events = append(confirmed(), cancel(participant));
      expect(events.at(-1)).toMatchObject({
        type: 'SessionCancelled',
        data: { cancelledBy: participant, reason: 'Something came up at work', holdAction: 'refund', droppedModificationId: null },
      });
      expect(foldSession(events).status).toBe('cancelled');
      expect(followUpsFor(events.at(-1)!).map((f) => f.kind)).toEqual(['refund-hold', 'release-slots']);
    }
  });

  it('allows cancelling exactly 2 hours before the start', () => {
    expect(given(confirmed()).when(cancel(STUDENT, '2026-03-05T12:00:00.000Z'))).toHaveLength(1);
  });

  it('refuses with a clear message less than 2 hours before the start, and after it', () => {
    expectRefusal(() => given(confirmed()).when(cancel(STUDENT, '2026-03-05T12:00:01.000Z')), 'INVALID_STATE', texts.cancelTooLate);
    expectRefusal(() => given(confirmed()).when(cancel(MENTOR, '2026-03-05T14:30:00.000Z')), 'INVALID_STATE', texts.cancelTooLate);
    expect(texts.cancelTooLate).toBe('Sessions can only be cancelled up to 2 hours before they start');
  });

  it('requires a reason', () => {
    expectRefusal(() => given(confirmed()).when(cancel(STUDENT, BEFORE, '   ')), 'VALIDATION', texts.cancelReasonRequired);
    expectRefusal(() => given(confirmed()).when(cancel(STUDENT, BEFORE, 'x'.repeat(501))), 'VALIDATION', texts.reasonTooLong);
  });

  it('closes a pending reschedule along with the session', () => {
    const events = append(proposed(STUDENT), cancel(MENTOR));
    expect(events.at(-1)).toMatchObject({ type: 'SessionCancelled', data: { droppedModificationId: 'mod-1' } });
    expect(foldSession(events).status).toBe('cancelled');
  });

  it('refuses outsiders and sessions that are not confirmed', () => {
    expectRefusal(() => given(confirmed()).when(cancel(OUTSIDER)), 'NOT_AUTHORISED', texts.notParticipant);
    expectRefusal(() => given(requested()).when(cancel(STUDENT)), 'INVALID_STATE', texts.cancelNeedsConfirmed);
    expectRefusal(() => given(append(confirmed(), cancel(STUDENT))).when(cancel(MENTOR)), 'INVALID_STATE', texts.cancelNeedsConfirmed);
  });
});

describe('completing a session', () => {
  it('completes automatically once the end has passed and tells the process to adjudicate the hold', () => {
    const events = append(confirmed(), autoComplete('2026-03-05T15:30:00.000Z'));
    expect(events.at(-1)).toMatchObject({ type: 'SessionCompleted', data: { completedBy: null, trigger: 'auto', holdAction: 'adjudicate' } });
    expect(foldSession(events).status).toBe('completed');
    expect(followUpsFor(events.at(-1)!)).toEqual([
      {
        kind: 'adjudicate-hold',
        memberId: STUDENT,
        mentorId: MENTOR,
        holdId: 'hold-1',
        sessionId: SESSION_ID,
        amount: 5,
        description: 'Session completed: React',
      },
    ]);
  });

  it('refuses to complete automatically before the end', () => {
    expectRefusal(() => given(confirmed()).when(autoComplete('2026-03-05T15:29:59.000Z')), 'INVALID_STATE', texts.autoCompleteBeforeEnd);
  });

  it('completes a session whose reschedule was never answered, closing the reschedule', () => {
    const events = append(proposed(STUDENT), autoComplete('2026-03-05T16:00:00.000Z'));
    expect(events.at(-1)).toMatchObject({ type: 'SessionCompleted', data: { droppedModificationId: 'mod-1' } });
  });

  it('leaves sessions that are no longer confirmed alone', () => {
    expect(given(completed()).when(autoComplete('2026-03-07T00:00:00.000Z'))).toEqual([]);
    expect(given(requested()).when(autoComplete('2026-03-07T00:00:00.000Z'))).toEqual([]);
    expect(given(append(confirmed(), cancel(STUDENT))).when(autoComplete('2026-03-07T00:00:00.000Z'))).toEqual([]);
  });

  it('lets the mentor mark it completed once it has started', () => {
    const [event] = given(confirmed()).when(markCompleted(MENTOR, STARTS_AT));
    expect(event).toMatchObject({ type: 'SessionCompleted', data: { completedBy: MENTOR, trigger: 'mentor', holdAction: 'adjudicate' } });
  });

  it('refuses the mentor before the start, and anyone but the mentor', () => {
    expectRefusal(() => given(confirmed()).when(markCompleted(MENTOR, '2026-03-05T13:59:00.000Z')), 'INVALID_STATE', texts.completeBeforeStart);
    expectRefusal(() => given(confirmed()).when(markCompleted(STUDENT, STARTS_AT)), 'NOT_AUTHORISED', texts.onlyMentorCompletes);
    expectRefusal(() => given(confirmed()).when(markCompleted(OUTSIDER, STARTS_AT)), 'NOT_AUTHORISED', texts.notParticipant);
    expectRefusal(() => given(requested()).when(markCompleted(MENTOR, STARTS_AT)), 'INVALID_STATE', texts.completeNeedsConfirmed);
    expectRefusal(() => given(completed()).when(markCompleted(MENTOR, STARTS_AT)), 'INVALID_STATE', texts.completeNeedsConfirmed);
  });
});

describe('rating a completed session', () => {
  it('stores the mentee rating and review once', () => {
    const events = append(completed(), rate(STUDENT, 4, '  Clear and patient.  '));
    expect(events.at(-1)).toMatchObject({
      type: 'SessionRated',
      data: { ratedBy: STUDENT, stars: 4, review: 'Clear and patient.', skillName: 'React', experienceLevel: 'advanced', durationHours: 1.5 },
    });
    const state = foldSession(events);
    expect(state.status === 'completed' && state.rating).toEqual({ ratedBy: STUDENT, stars: 4, review: 'Clear and patient.' });
  });

  it('records no review when the mentee wrote none', () => {
    expect(given(completed()).when(rate(STUDENT, 5, '   '))[0]?.data).toMatchObject({ review: null });
  });

  it('refuses a second rating', () => {
    const events = append(completed(), rate(STUDENT, 4));
    expectRefusal(() => given(events).when(rate(STUDENT, 5)), 'CONFLICT', texts.alreadyRated);
  });

  it('refuses instructors and outsiders', () => {
    expectRefusal(() => given(completed()).when(rate(MENTOR, 5)), 'NOT_AUTHORISED', texts.instructorCannotRate);
    expectRefusal(() => given(completed()).when(rate(OUTSIDER, 5)), 'NOT_AUTHORISED', texts.notParticipant);
  });

  it('refuses a rating before the session is completed', () => {
    expectRefusal(() => given(confirmed()).when(rate(STUDENT, 5)), 'INVALID_STATE', texts.rateNeedsCompleted);
    expectRefusal(() => given(requested()).when(rate(STUDENT, 5)), 'INVALID_STATE', texts.rateNeedsCompleted);
  });

  it('asks for a rating first, then whole stars from 1 to 5 and a review of at most 500 characters', () => {
    expectRefusal(() => given(completed()).when(rate(STUDENT, null)), 'VALIDATION', 'Select a rating first');
    expectRefusal(() => given(completed()).when(rate(STUDENT, 0)), 'VALIDATION', 'Select a rating first');
    expectRefusal(() => given(completed()).when(rate(STUDENT, 6)), 'VALIDATION', texts.ratingRange);
    expectRefusal(() => given(completed()).when(rate(STUDENT, 3.5)), 'VALIDATION', texts.ratingRange);
    expectRefusal(() => given(completed()).when(rate(STUDENT, 5, 'x'.repeat(501))), 'VALIDATION', texts.reviewTooLong);
    expect(given(completed()).when(rate(STUDENT, 1, 'x'.repeat(500)))).toHaveLength(1);
  });
});
