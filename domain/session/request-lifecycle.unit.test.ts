import { describe, expect, it } from 'vitest';
import { followUpsFor } from './follow-ups.js';
import { DEFAULT_REJECTION_REASON, sessionCost, texts } from './rules.js';
import { dashboardTabOf, evolve, foldSession, initialState, normaliseSessionStatus } from './state.js';
import { sessionStreamId } from './events.js';
import { BEFORE, MENTOR, OUTSIDER, SESSION_ID, STARTS_AT, STUDENT, VIDEO_LINK, append, approveCommand, confirmed, given, requestCommand, requested } from './testing.js';

const reject = (actorId: string, reason = 'I am travelling that week') => ({ type: 'RejectSession', sessionId: SESSION_ID, now: BEFORE, actorId, reason }) as const;
const cancelRequest = (actorId: string) => ({ type: 'CancelSessionRequest', sessionId: SESSION_ID, now: BEFORE, actorId }) as const;
const expire = (now: string) => ({ type: 'ExpireRequest', sessionId: SESSION_ID, now }) as const;

describe('requesting a session', () => {
  it('records the request with its hold, the cost rounded up and status requested', () => {
    given([])
      .when(requestCommand())
      .then([
        {
          type: 'SessionRequested',
          data: {
            sessionId: SESSION_ID,
            studentId: STUDENT,
            instructorId: MENTOR,
            skillId: 'skill-react',
            skillName: 'React',
            experienceLevel: 'advanced',
            startsAt: STARTS_AT,
            durationHours: 1.5,
            cost: 5, // ceil(1.5 x 3)
            holdId: 'hold-1',
            pointsPerHour: 3,
            message: 'Hi! Could we look at hooks?',
          },
        },
      ]);
    expect(foldSession(requested()).status).toBe('requested');
    expect(sessionStreamId(SESSION_ID)).toBe('session-session-1');
  });

  it('charges ceil(duration x points per hour) for every offered duration', () => {
    expect([0.75, 1, 1.5].map((hours) => sessionCost(hours, 3))).toEqual([3, 3, 5]);
    expect([0.75, 1, 1.5].map((hours) => sessionCost(hours, 1))).toEqual([1, 1, 2]);
  });

  it('normalises the start instant and trims the message', () => {
    given([])
      .when(requestCommand({ startsAt: '2026-03-05T15:00Z', message: '  hello  ' }))
      .thenMatches([{ data: { startsAt: '2026-03-05T15:00:00.000Z', message: 'hello' } }]);
  });

  it('asks for both date and time when the start is missing', () => {
    given([])
      .when(requestCommand({ startsAt: null }))
      .thenRefuses('VALIDATION', 'Please select both date and time');
    given([])
      .when(requestCommand({ startsAt: 'next tuesday' }))
      .thenRefuses('VALIDATION', texts.selectDateAndTime);
  });

  it('refuses a session with yourself, an unoffered duration, a bad price, an empty skill and a long message', () => {
    given([])
      .when(requestCommand({ instructorId: STUDENT }))
      .thenRefuses('VALIDATION', texts.bookSelf);
    given([])
      .when(requestCommand({ durationHours: 2 }))
      .thenRefuses('VALIDATION', texts.durationInvalid);
    given([])
      .when(requestCommand({ pointsPerHour: 21 }))
      .thenRefuses('VALIDATION', texts.pointsPerHourInvalid);
    given([])
      .when(requestCommand({ pointsPerHour: 1.5 }))
      .thenRefuses('VALIDATION', texts.pointsPerHourInvalid);
    given([])
      .when(requestCommand({ skillName: ' ' }))
      .thenRefuses('VALIDATION', 'Instructor or skill not found.');
    given([])
      .when(requestCommand({ message: 'x'.repeat(501) }))
      .thenRefuses('VALIDATION', texts.requestMessageTooLong);
    given([])
      .when(requestCommand({ message: 'x'.repeat(500) }))
      .thenMatches([{ type: 'SessionRequested' }]);
  });

  it('refuses a start in the past or off the quarter-hour grid', () => {
    given([])
      .when(requestCommand({ startsAt: BEFORE }))
      .thenRefuses('VALIDATION', texts.startInPast);
    given([])
      .when(requestCommand({ startsAt: '2026-03-05T14:10:00.000Z' }))
      .thenRefuses('VALIDATION', texts.startOffGrid);
  });

  it('refuses to request the same session twice', () => {
    given(requested()).when(requestCommand()).thenRefuses('CONFLICT', texts.alreadyExists);
  });

  it('answers NOT_FOUND for any other command on a session that does not exist', () => {
    given([]).when(approveCommand).thenRefuses('NOT_FOUND', texts.notFound);
    given([]).when(expire(STARTS_AT)).thenRefuses('NOT_FOUND');
  });
});

describe('answering a request', () => {
  it('confirms the session with the video-call link when the mentor approves', () => {
    given(requested())
      .when(approveCommand)
      .thenMatches([{ type: 'SessionApproved', data: { approvedBy: MENTOR, videoCallLink: VIDEO_LINK, cost: 5 } }]);
    const state = foldSession(confirmed());
    expect(state.status === 'confirmed' && state.videoCallLink).toBe(VIDEO_LINK);
  });

  it('lets only the mentor approve', () => {
    given(requested())
      .when({ ...approveCommand, actorId: STUDENT })
      .thenRefuses('NOT_AUTHORISED', texts.onlyMentorApproves);
    given(requested())
      .when({ ...approveCommand, actorId: OUTSIDER })
      .thenRefuses('NOT_AUTHORISED', texts.notParticipant);
  });

  it('refuses an approval without a usable meeting link', () => {
    given(requested())
      .when({ ...approveCommand, videoCallLink: '' })
      .thenRefuses('VALIDATION', texts.videoLinkMissing);
    given(requested())
      .when({ ...approveCommand, videoCallLink: 'javascript:alert(1)' })
      .thenRefuses('VALIDATION');
  });

  it('refuses to approve once the start time has passed or after the request was answered', () => {
    given(requested())
      .when({ ...approveCommand, now: STARTS_AT })
      .thenRefuses('INVALID_STATE', texts.requestExpired);
    given(confirmed()).when(approveCommand).thenRefuses('INVALID_STATE', texts.notARequest);
  });

  it('rejects with the reason and refunds the hold when the mentor rejects', () => {
    given(requested())
      .when(reject(MENTOR))
      .thenMatches([{ type: 'SessionRejected', data: { rejectedBy: MENTOR, reason: 'I am travelling that week', holdAction: 'refund' } }]);
    const events = append(requested(), reject(MENTOR));
    expect(foldSession(events).status).toBe('rejected');
    const [refund, release] = followUpsFor(events.at(-1)!);
    expect(refund).toMatchObject({ kind: 'refund-hold', memberId: STUDENT, holdId: 'hold-1', amount: 5, reason: 'rejected' });
    expect(release).toMatchObject({ kind: 'release-slots', mentorId: MENTOR, sessionId: SESSION_ID });
  });

  it('refuses a rejection without a reason (spec 000 §4: the mentor rejects with a reason)', () => {
    given(requested()).when(reject(MENTOR, '')).thenRefuses('VALIDATION', texts.rejectReasonRequired);
    given(requested()).when(reject(MENTOR, ' \n ')).thenRefuses('VALIDATION', texts.rejectReasonRequired);
    given(requested())
      .when(reject(MENTOR, ` ${DEFAULT_REJECTION_REASON} `))
      .thenMatches([{ data: { reason: DEFAULT_REJECTION_REASON } }]);
  });

  it('lets only the mentor reject, and only a request', () => {
    given(requested()).when(reject(STUDENT)).thenRefuses('NOT_AUTHORISED', texts.onlyMentorRejects);
    given(requested()).when(reject(OUTSIDER)).thenRefuses('NOT_AUTHORISED', texts.notParticipant);
    given(confirmed()).when(reject(MENTOR)).thenRefuses('INVALID_STATE', texts.notARequest);
    given(requested())
      .when(reject(MENTOR, 'x'.repeat(501)))
      .thenRefuses('VALIDATION', texts.reasonTooLong);
  });

  it('ends the request and refunds the hold when the student cancels it', () => {
    given(requested())
      .when(cancelRequest(STUDENT))
      .thenMatches([{ type: 'SessionRequestCancelled', data: { cancelledBy: STUDENT, holdAction: 'refund' } }]);
    const events = append(requested(), cancelRequest(STUDENT));
    expect(foldSession(events).status).toBe('cancelled');
    expect(followUpsFor(events.at(-1)!)[0]).toMatchObject({ kind: 'refund-hold', reason: 'request_cancelled', amount: 5 });
    given(events).when(cancelRequest(STUDENT)).thenRefuses('INVALID_STATE', texts.notARequest);
  });

  it('lets only the student cancel a request, and only while it is a request', () => {
    given(requested()).when(cancelRequest(MENTOR)).thenRefuses('NOT_AUTHORISED', texts.onlyStudentCancelsRequest);
    given(requested()).when(cancelRequest(OUTSIDER)).thenRefuses('NOT_AUTHORISED', texts.notParticipant);
    given(confirmed()).when(cancelRequest(STUDENT)).thenRefuses('INVALID_STATE', texts.notARequest);
  });
});

describe('expiring an unanswered request', () => {
  it('declines the request and refunds the hold once its start time has come', () => {
    given(requested())
      .when(expire(STARTS_AT))
      .thenMatches([{ type: 'SessionRequestExpired', data: { holdAction: 'refund', holdId: 'hold-1' } }]);
    const events = append(requested(), expire(STARTS_AT));
    expect(foldSession(events).status).toBe('declined');
    expect(followUpsFor(events.at(-1)!)[0]).toMatchObject({ kind: 'refund-hold', reason: 'expired' });
  });

  it('refuses to expire a request before its start time', () => {
    given(requested()).when(expire('2026-03-05T13:59:00.000Z')).thenRefuses('INVALID_STATE', texts.expireBeforeStart);
  });

  it('leaves a request that was answered meanwhile alone', () => {
    given(confirmed()).when(expire('2026-03-06T00:00:00.000Z')).then([]);
    given(append(requested(), reject(MENTOR)))
      .when(expire('2026-03-06T00:00:00.000Z'))
      .then([]);
  });
});

describe('reading old data', () => {
  it('treats the legacy pending status as requested', () => {
    expect(normaliseSessionStatus('pending')).toBe('requested');
    expect(dashboardTabOf('pending')).toBe('requested');
    expect(dashboardTabOf('modification_pending')).toBe('upcoming');
    expect(dashboardTabOf('rejected')).toBeNull();
    expect(normaliseSessionStatus('archived')).toBeNull();
  });

  it('ignores events that do not fit the current state instead of throwing', () => {
    const approved = append(requested(), approveCommand).at(-1);
    expect(evolve(initialState(), approved!)).toEqual({ status: 'none' });
    const rejectedState = foldSession(append(requested(), reject(MENTOR)));
    expect(evolve(rejectedState, approved!)).toBe(rejectedState);
  });
});
