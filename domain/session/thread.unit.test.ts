import { describe, expect, it } from 'vitest';
import type { PostThreadMessage } from './commands.js';
import { THREAD_MESSAGE_MAX, texts } from './rules.js';
import { foldSession, statusAfter } from './state.js';
import { RESCHEDULED_TEXT, encodeRatingMarker, parseRatingMarker, systemMessageFor } from './system-messages.js';
import { BEFORE, MENTOR, OUTSIDER, SESSION_ID, STUDENT, append, completed, confirmed, given, proposed, requested } from './testing.js';

const post = (actorId: string, message: string): PostThreadMessage => ({
  type: 'PostThreadMessage',
  sessionId: SESSION_ID,
  now: BEFORE,
  actorId,
  messageId: 'msg-1',
  message,
});

describe('session thread', () => {
  it('posts a trimmed message from either participant, naming who sent it', () => {
    given(requested())
      .when(post(MENTOR, '  See you Thursday!  '))
      .thenMatches([
        {
          type: 'ThreadMessagePosted',
          data: { messageId: 'msg-1', senderId: MENTOR, message: 'See you Thursday!', studentId: STUDENT, instructorId: MENTOR },
        },
      ]);
    given(completed())
      .when(post(STUDENT, 'Thanks!'))
      .thenMatches([{ type: 'ThreadMessagePosted' }]);
  });

  it('refuses empty messages, messages over 2000 characters and outsiders', () => {
    given(confirmed()).when(post(STUDENT, ' \n ')).thenRefuses('VALIDATION', texts.messageEmpty);
    given(confirmed())
      .when(post(STUDENT, 'x'.repeat(THREAD_MESSAGE_MAX + 1)))
      .thenRefuses('VALIDATION', texts.messageTooLong);
    given(confirmed())
      .when(post(STUDENT, 'x'.repeat(THREAD_MESSAGE_MAX)))
      .thenMatches([{ type: 'ThreadMessagePosted' }]);
    given(confirmed()).when(post(OUTSIDER, 'hello')).thenRefuses('NOT_AUTHORISED', texts.notParticipant);
  });

  it('does not change the session state', () => {
    expect(foldSession(append(confirmed(), post(STUDENT, 'hi')))).toEqual(foldSession(confirmed()));
  });
});

describe('status after each event', () => {
  it('matches the folded state for every event of a full history', () => {
    const approve = { type: 'ApproveReschedule', sessionId: SESSION_ID, now: BEFORE, actorId: MENTOR } as const;
    const events = append(append(append(proposed(STUDENT), approve), post(STUDENT, 'ok')), {
      type: 'CompleteSession',
      sessionId: SESSION_ID,
      now: '2026-03-07T00:00:00.000Z',
    });
    let status: string = 'none';
    events.forEach((event, index) => {
      status = statusAfter[event.type] ?? status;
      expect(foldSession(events.slice(0, index + 1)).status).toBe(status);
    });
    expect(status).toBe('completed');
  });
});

describe('system messages', () => {
  it('adds a message for each lifecycle event and none for members’ own messages', () => {
    const events = append(append(proposed(STUDENT), { type: 'ApproveReschedule', sessionId: SESSION_ID, now: BEFORE, actorId: MENTOR }), post(STUDENT, 'ok'));
    expect(events.map(systemMessageFor)).toEqual([
      'Session requested: React',
      'Session approved. The video-call link is ready.',
      'Reschedule proposed',
      RESCHEDULED_TEXT,
      null,
    ]);
    expect(RESCHEDULED_TEXT).toBe('Session rescheduled');
  });

  it('encodes the rater, the stars and whether a review was written in a rating message', () => {
    const [rated] = given(completed())
      .when({
        type: 'RateSession',
        sessionId: SESSION_ID,
        now: BEFORE,
        actorId: STUDENT,
        stars: 4,
        review: 'Great',
      })
      .thenMatches([{ type: 'SessionRated' }]);
    const text = systemMessageFor(rated!);
    expect(parseRatingMarker(text!)).toEqual({
      raterId: STUDENT,
      stars: 4,
      hasReview: true,
      text: 'Rated the session 4 stars and wrote a review',
    });
  });

  it('round-trips rater ids with unusual characters and rejects non-rating text', () => {
    const marker = encodeRatingMarker({ raterId: 'a b]c:d', stars: 1, hasReview: false });
    expect(parseRatingMarker(`${marker} Rated the session 1 star`)).toMatchObject({ raterId: 'a b]c:d', stars: 1, hasReview: false });
    expect(parseRatingMarker('Session rescheduled')).toBeNull();
  });
});
