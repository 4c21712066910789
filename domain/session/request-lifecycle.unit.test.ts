import { describe, expect, it } from 'vitest';
import { followUpsFor } from './follow-ups.js';
import { DEFAULT_REJECTION_REASON, sessionCost, texts } from './rules.js';
import { dashboardTabOf, evolve, foldSession, initialState, normaliseSessionStatus } from './state.js';
import { sessionStreamId } from './events.js';
import {
  BEFORE,
  MENTOR,
  OUTSIDER,
  SESSION_ID,
  STARTS_AT,
  STUDENT,
  VIDEO_LINK,
  append,
  approveCommand,
  confirmed,
  expectRefusal,
  given,
  requestCommand,
  requested,
} from './testing.js';

const reject = (actorId: string, reason = 'I am travelling that week') => ({ type: 'RejectSession', sessionId: SESSION_ID, now: BEFORE, actorId, reason }) as const;
const cancelRequest = (actorId: string) => ({ type: 'CancelSessionRequest', sessionId: SESSION_ID, now: BEFORE, actorId }) as const;
const expire = (now: string) => ({ type: 'ExpireRequest', sessionId: SESSION_ID, now }) as const;

describe('requesting a session', () => {
  it('records the request with its hold, the cost rounded up and status requested', () => {
    const [event] = given([]).when(requestCommand());
    expect(event).toEqual({
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
    });
    expect(foldSession(requested()).status).toBe('requested');
    expect(sessionStreamId(SESSION_ID)).toBe('session-session-1');
  });

  it('charges ceil(duration x points per hour) for every offered duration', () => {
    expect([0.75, 1, 1.5].map((hours) => sessionCost(hours, 3))).toEqual([3, 3, 5]);
    expect([0.75, 1, 1.5].map((hours) => sessionCost(hours, 1))).toEqual([1, 1, 2]);
  });

  it('normalises the start instant and trims the message', () => {
    const [event] = given([]).when(requestCommand({ startsAt: '2026-03-05T15:00Z', message: '  hello  ' }));
    expect(event?.data).toMatchObject({ startsAt: '2026-03-05T15:00:00.000Z', message: 'hello' });
  });

  it('asks for both date and time when the start is missing', () => {
    expectRefusal(() => given([]).when(requestCommand({ startsAt: null })), 'VALIDATION', 'Please select both date and time');
    expectRefusal(() => given([]).when(requestCommand({ startsAt: 'next tuesday' })), 'VALIDATION', texts.selectDateAndTime);
  });

  it('refuses a session with yourself, an unoffered duration, a bad price, an empty skill and a long message', () => {
    expectRefusal(() => given([]).when(requestCommand({ instructorId: STUDENT })), 'VALIDATION', texts.bookSelf);
    expectRefusal(() => given([]).when(requestCommand({ durationHours: 2 })), 'VALIDATION', texts.durationInvalid);
    expectRefusal(() => given([]).when(requestCommand({ pointsPerHour: 21 })), 'VALIDATION', texts.pointsPerHourInvalid);
    expectRefusal(() => given([]).when(requestCommand({ pointsPerHour: 1.5 })), 'VALIDATION', texts.pointsPerHourInvalid);
    expectRefusal(() => given([]).when(requestCommand({ skillName: ' ' })), 'VALIDATION', 'Instructor or skill not found.');
    expectRefusal(() => given([]).when(requestCommand({ message: 'x'.repeat(501) })), 'VALIDATION', texts.requestMessageTooLong);
    expect(given([]).when(requestCommand({ message: 'x'.repeat(500) }))).toHaveLength(1);
  });

  it('refuses a start in the past or off the quarter-hour grid', () => {
    expectRefusal(() => given([]).when(requestCommand({ startsAt: BEFORE })), 'VALIDATION', texts.startInPast);
    expectRefusal(() => given([]).when(requestCommand({ startsAt: '2026-03-05T14:10:00.000Z' })), 'VALIDATION', texts.startOffGrid);
  });

  it('refuses to request the same session twice', () => {
    expectRefusal(() => given(requested()).when(requestCommand()), 'CONFLICT', texts.alreadyExists);
  });

  it('answers NOT_FOUND for any other command on a session that does not exist', () => {
    expectRefusal(() => given([]).when(approveCommand), 'NOT_FOUND', texts.notFound);
    expectRefusal(() => given([]).when(expire(STARTS_AT)), 'NOT_FOUND');
  });
});

describe('answering a request', () => {
  it('confirms the session with the video-call link when the mentor approves', () => {
    const [event] = given(requested()).when(approveCommand);
    expect(event).toMatchObject({ type: 'SessionApproved', data: { approvedBy: MENTOR, videoCallLink: VIDEO_LINK, cost: 5 } });
    const state = foldSession(confirmed());
    expect(state.status === 'confirmed' && state.videoCallLink).toBe(VIDEO_LINK);
  });

  it('lets only the mentor approve', () => {
    expectRefusal(() => given(requested()).when({ ...approveCommand, actorId: STUDENT }), 'NOT_AUTHORISED', texts.onlyMentorApproves);
    expectRefusal(() => given(requested()).when({ ...approveCommand, actorId: OUTSIDER }), 'NOT_AUTHORISED', texts.notParticipant);
  });

  it('refuses an approval without a usable meeting link', () => {
    expectRefusal(() => given(requested()).when({ ...approveCommand, videoCallLink: '' }), 'VALIDATION', texts.videoLinkMissing);
    expectRefusal(() => given(requested()).when({ ...approveCommand, videoCallLink: 'javascript:alert(1)' }), 'VALIDATION');
  });

  it('refuses to approve once the start time has passed or after the request was answered', () => {
    expectRefusal(() => given(requested()).when({ ...approveCommand, now: STARTS_AT }), 'INVALID_STATE', texts.requestExpired);
    expectRefusal(() => given(confirmed()).when(approveCommand), 'INVALID_STATE', texts.notARequest);
  });

  it('rejects with the reason and refunds the hold when the mentor rejects', () => {
    const events = append(requested(), reject(MENTOR));
    expect(events.at(-1)).toMatchObject({
      type: 'SessionRejected',
      data: { rejectedBy: MENTOR, reason: 'I am travelling that week', holdAction: 'refund' },
    });
    expect(foldSession(events).status).toBe('rejected');
    const [refund, release] = followUpsFor(events.at(-1)!);
    expect(refund).toMatchObject({ kind: 'refund-hold', memberId: STUDENT, holdId: 'hold-1', amount: 5, reason: 'rejected' });
    expect(release).toMatchObject({ kind: 'release-slots', mentorId: MENTOR, sessionId: SESSION_ID });
  });

  it('refuses a rejection without a reason (spec 000 §4: the mentor rejects with a reason)', () => {
    expectRefusal(() => given(requested()).when(reject(MENTOR, '')), 'VALIDATION', texts.rejectReasonRequired);
    expectRefusal(() => given(requested()).when(reject(MENTOR, ' \n ')), 'VALIDATION', texts.rejectReasonRequired);
    const [event] = given(requested()).when(reject(MENTOR, ` ${DEFAULT_REJECTION_REASON} `));
    expect(event?.data).toMatchObject({ reason: DEFAULT_REJECTION_REASON });
  });

  it('lets only the mentor reject, and only a request', () => {
    expectRefusal(() => given(requested()).when(reject(STUDENT)), 'NOT_AUTHORISED', texts.onlyMentorRejects);
    expectRefusal(() => given(requested()).when(reject(OUTSIDER)), 'NOT_AUTHORISED', texts.notParticipant);
    expectRefusal(() => given(confirmed()).when(reject(MENTOR)), 'INVALID_STATE', texts.notARequest);
    expectRefusal(() => given(requested()).when(reject(MENTOR, 'x'.repeat(501))), 'VALIDATION', texts.reasonTooLong);
  });

  it('ends the request and refunds the hold when the student cancels it', () => {
    const events = append(requested(), cancelRequest(STUDENT));
    expect(events.at(-1)).toMatchObject({ type: 'SessionRequestCancelled', data: { cancelledBy: STUDENT, holdAction: 'refund' } });
    expect(foldSession(events).status).toBe('cancelled');
    expect(followUpsFor(events.at(-1)!)[0]).toMatchObject({ kind: 'refund-hold', reason: 'request_cancelled', amount: 5 });
    expectRefusal(() => given(events).when(cancelRequest(STUDENT)), 'INVALID_STATE', texts.notARequest);
  });

  it('lets only the student cancel a request, and only while it is a request', () => {
    expectRefusal(() => given(requested()).when(cancelRequest(MENTOR)), 'NOT_AUTHORISED', texts.onlyStudentCancelsRequest);
    expectRefusal(() => given(requested()).when(cancelRequest(OUTSIDER)), 'NOT_AUTHORISED', texts.notParticipant);
    expectRefusal(() => given(confirmed()).when(cancelRequest(STUDENT)), 'INVALID_STATE', texts.notARequest);
  });
});

describe('expiring an unanswered request', () => {
  it('declines the request and refunds the hold once its start time has come', () => {
    const events = append(requested(), expire(STARTS_AT));
    expect(events.at(-1)).toMatchObject({ type: 'SessionRequestExpired', data: { holdAction: 'refund', holdId: 'hold-1' } });
    expect(foldSession(events).status).toBe('declined');
    expect(followUpsFor(events.at(-1)!)[0]).toMatchObject({ kind: 'refund-hold', reason: 'expired' });
  });

  it('refuses to expire a request before its start time', () => {
    expectRefusal(() => given(requested()).when(expire('2026-03-05T13:59:00.000Z')), 'INVALID_STATE', texts.expireBeforeStart);
  });

  it('leaves a request that was answered meanwhile alone', () => {
    expect(given(confirmed()).when(expire('2026-03-06T00:00:00.000Z'))).toEqual([]);
    expect(given(append(requested(), reject(MENTOR))).when(expire('2026-03-06T00:00:00.000Z'))).toEqual([]);
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
    const [approved] = given(requested()).when(approveCommand);
    expect(evolve(initialState(), approved!)).toEqual({ status: 'none' });
    const rejectedState = foldSession(append(requested(), reject(MENTOR)));
    expect(evolve(rejectedState, approved!)).toBe(rejectedState);
  });
});
