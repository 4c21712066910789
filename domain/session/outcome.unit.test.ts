import { describe, expect, it } from 'vitest';
import type { RateSession } from './commands.js';
import { followUpsFor } from './follow-ups.js';
import { texts } from './rules.js';
import { foldSession } from './state.js';
import { BEFORE, MENTOR, OUTSIDER, SESSION_ID, STARTS_AT, STUDENT, append, completed, confirmed, given, proposed, requested } from './testing.js';

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
      given(confirmed())
        .when(cancel(participant))
        .thenMatches([
          {
            type: 'SessionCancelled',
            data: { cancelledBy: participant, reason: 'Something came up at work', holdAction: 'refund', droppedModificationId: null },
          },
        ]);
      const events = append(confirmed(), cancel(participant));
      expect(foldSession(events).status).toBe('cancelled');
      expect(followUpsFor(events.at(-1)!).map((f) => f.kind)).toEqual(['refund-hold', 'release-slots']);
    }
  });

  it('allows cancelling exactly 2 hours before the start', () => {
    given(confirmed())
      .when(cancel(STUDENT, '2026-03-05T12:00:00.000Z'))
      .thenMatches([{ type: 'SessionCancelled' }]);
  });

  it('refuses with a clear message less than 2 hours before the start, and after it', () => {
    given(confirmed()).when(cancel(STUDENT, '2026-03-05T12:00:01.000Z')).thenRefuses('INVALID_STATE', texts.cancelTooLate);
    given(confirmed()).when(cancel(MENTOR, '2026-03-05T14:30:00.000Z')).thenRefuses('INVALID_STATE', texts.cancelTooLate);
    expect(texts.cancelTooLate).toBe('Sessions can only be cancelled up to 2 hours before they start');
  });

  it('requires a reason', () => {
    given(confirmed())
      .when(cancel(STUDENT, BEFORE, '   '))
      .thenRefuses('VALIDATION', texts.cancelReasonRequired);
    given(confirmed())
      .when(cancel(STUDENT, BEFORE, 'x'.repeat(501)))
      .thenRefuses('VALIDATION', texts.reasonTooLong);
  });

  it('closes a pending reschedule along with the session', () => {
    given(proposed(STUDENT))
      .when(cancel(MENTOR))
      .thenMatches([{ type: 'SessionCancelled', data: { droppedModificationId: 'mod-1' } }]);
    const events = append(proposed(STUDENT), cancel(MENTOR));
    expect(foldSession(events).status).toBe('cancelled');
  });

  it('refuses outsiders and sessions that are not confirmed', () => {
    given(confirmed()).when(cancel(OUTSIDER)).thenRefuses('NOT_AUTHORISED', texts.notParticipant);
    given(requested()).when(cancel(STUDENT)).thenRefuses('INVALID_STATE', texts.cancelNeedsConfirmed);
    given(append(confirmed(), cancel(STUDENT)))
      .when(cancel(MENTOR))
      .thenRefuses('INVALID_STATE', texts.cancelNeedsConfirmed);
  });
});

describe('completing a session', () => {
  it('completes automatically once the end has passed and tells the process to adjudicate the hold', () => {
    given(confirmed())
      .when(autoComplete('2026-03-05T15:30:00.000Z'))
      .thenMatches([{ type: 'SessionCompleted', data: { completedBy: null, trigger: 'auto', holdAction: 'adjudicate' } }]);
    const events = append(confirmed(), autoComplete('2026-03-05T15:30:00.000Z'));
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
    given(confirmed()).when(autoComplete('2026-03-05T15:29:59.000Z')).thenRefuses('INVALID_STATE', texts.autoCompleteBeforeEnd);
  });

  it('completes a session whose reschedule was never answered, closing the reschedule', () => {
    given(proposed(STUDENT))
      .when(autoComplete('2026-03-05T16:00:00.000Z'))
      .thenMatches([{ type: 'SessionCompleted', data: { droppedModificationId: 'mod-1' } }]);
  });

  it('leaves sessions that are no longer confirmed alone', () => {
    given(completed()).when(autoComplete('2026-03-07T00:00:00.000Z')).then([]);
    given(requested()).when(autoComplete('2026-03-07T00:00:00.000Z')).then([]);
    given(append(confirmed(), cancel(STUDENT)))
      .when(autoComplete('2026-03-07T00:00:00.000Z'))
      .then([]);
  });

  it('lets the mentor mark it completed once it has started', () => {
    given(confirmed())
      .when(markCompleted(MENTOR, STARTS_AT))
      .thenMatches([{ type: 'SessionCompleted', data: { completedBy: MENTOR, trigger: 'mentor', holdAction: 'adjudicate' } }]);
  });

  it('refuses the mentor before the start, and anyone but the mentor', () => {
    given(confirmed()).when(markCompleted(MENTOR, '2026-03-05T13:59:00.000Z')).thenRefuses('INVALID_STATE', texts.completeBeforeStart);
    given(confirmed()).when(markCompleted(STUDENT, STARTS_AT)).thenRefuses('NOT_AUTHORISED', texts.onlyMentorCompletes);
    given(confirmed()).when(markCompleted(OUTSIDER, STARTS_AT)).thenRefuses('NOT_AUTHORISED', texts.notParticipant);
    given(requested()).when(markCompleted(MENTOR, STARTS_AT)).thenRefuses('INVALID_STATE', texts.completeNeedsConfirmed);
    given(completed()).when(markCompleted(MENTOR, STARTS_AT)).thenRefuses('INVALID_STATE', texts.completeNeedsConfirmed);
  });
});

describe('rating a completed session', () => {
  it('stores the mentee rating and review once', () => {
    given(completed())
      .when(rate(STUDENT, 4, '  Clear and patient.  '))
      .thenMatches([
        {
          type: 'SessionRated',
          data: { ratedBy: STUDENT, stars: 4, review: 'Clear and patient.', skillName: 'React', experienceLevel: 'advanced', durationHours: 1.5 },
        },
      ]);
    const events = append(completed(), rate(STUDENT, 4, '  Clear and patient.  '));
    const state = foldSession(events);
    expect(state.status === 'completed' && state.rating).toEqual({ ratedBy: STUDENT, stars: 4, review: 'Clear and patient.' });
  });

  it('records no review when the mentee wrote none', () => {
    given(completed())
      .when(rate(STUDENT, 5, '   '))
      .thenMatches([{ data: { review: null } }]);
  });

  it('refuses a second rating', () => {
    const events = append(completed(), rate(STUDENT, 4));
    given(events).when(rate(STUDENT, 5)).thenRefuses('CONFLICT', texts.alreadyRated);
  });

  it('refuses instructors and outsiders', () => {
    given(completed()).when(rate(MENTOR, 5)).thenRefuses('NOT_AUTHORISED', texts.instructorCannotRate);
    given(completed()).when(rate(OUTSIDER, 5)).thenRefuses('NOT_AUTHORISED', texts.notParticipant);
  });

  it('refuses a rating before the session is completed', () => {
    given(confirmed()).when(rate(STUDENT, 5)).thenRefuses('INVALID_STATE', texts.rateNeedsCompleted);
    given(requested()).when(rate(STUDENT, 5)).thenRefuses('INVALID_STATE', texts.rateNeedsCompleted);
  });

  it('asks for a rating first, then whole stars from 1 to 5 and a review of at most 500 characters', () => {
    given(completed()).when(rate(STUDENT, null)).thenRefuses('VALIDATION', 'Select a rating first');
    given(completed()).when(rate(STUDENT, 0)).thenRefuses('VALIDATION', 'Select a rating first');
    given(completed()).when(rate(STUDENT, 6)).thenRefuses('VALIDATION', texts.ratingRange);
    given(completed()).when(rate(STUDENT, 3.5)).thenRefuses('VALIDATION', texts.ratingRange);
    given(completed())
      .when(rate(STUDENT, 5, 'x'.repeat(501)))
      .thenRefuses('VALIDATION', texts.reviewTooLong);
    given(completed())
      .when(rate(STUDENT, 1, 'x'.repeat(500)))
      .thenMatches([{ type: 'SessionRated' }]);
  });
});
