// Histories and the given / when / then of the session unit tests (imported by *.unit.test.ts only). No
// test-runner import here: domain/ depends on nothing outside domain/.
import { DeciderSpecification } from '../decider-spec.js';
import type { RequestSession, SessionCommand } from './commands.js';
import { decide, sessionDecider } from './decide.js';
import type { SessionEvent } from './events.js';
import { foldSession } from './state.js';

export const STUDENT = 'member-student';
export const MENTOR = 'member-mentor';
export const OUTSIDER = 'member-outsider';
export const SESSION_ID = 'session-1';
export const STARTS_AT = '2026-03-05T14:00:00.000Z';
export const BEFORE = '2026-03-02T09:00:00.000Z'; // well before the start
export const VIDEO_LINK = 'https://meet.skillswap.example/room-4f7c2a9e1b';

export const requestCommand = (overrides: Partial<RequestSession> = {}): RequestSession => ({
  type: 'RequestSession',
  sessionId: SESSION_ID,
  now: BEFORE,
  studentId: STUDENT,
  instructorId: MENTOR,
  skillId: 'skill-react',
  skillName: 'React',
  experienceLevel: 'advanced',
  startsAt: STARTS_AT,
  durationHours: 1.5,
  pointsPerHour: 3,
  holdId: 'hold-1',
  message: 'Hi! Could we look at hooks?',
  ...overrides,
});

/** The history after `command` was decided on top of `events`. */
export const append = (events: SessionEvent[], command: SessionCommand): SessionEvent[] => [...events, ...decide(command, foldSession(events))];

export const approveCommand = { type: 'ApproveSession', sessionId: SESSION_ID, now: BEFORE, actorId: MENTOR, videoCallLink: VIDEO_LINK } as const;
export const PROPOSED_AT = '2026-03-06T10:00:00.000Z';

export const requested = () => append([], requestCommand());
export const confirmed = () => append(requested(), approveCommand);
export const proposed = (by = STUDENT, proposedStartsAt = PROPOSED_AT) =>
  append(confirmed(), { type: 'ProposeReschedule', sessionId: SESSION_ID, now: BEFORE, actorId: by, modificationId: 'mod-1', proposedStartsAt, message: '' });
/** Completed automatically right at its end (14:00 + 1.5 h). */
export const completed = () => append(confirmed(), { type: 'CompleteSession', sessionId: SESSION_ID, now: '2026-03-05T15:30:00.000Z' });

export const given = DeciderSpecification.for(sessionDecider);
