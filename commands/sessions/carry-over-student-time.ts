// Once per database (npm run migrate:events): sessions booked before a session took the student's time
// as well as the mentor's (issue 19 point 5, docs/decisions.md) get the student's cells reserved, so a
// later booking cannot overlap them. Sessions still on (requested, confirmed, or with a reschedule
// pending) reserve their current time; ended ones hold nothing. Where the student already holds two
// overlapping sessions, the later one's cells are refused and logged: both sessions stay as they are,
// for the members to sort out. A marker stream records that it ran; every later run reads only that.
import { sessionDecider } from '../../domain/session/decide.js';
import { DomainError } from '../../domain/shared.js';
import { slotsCovered } from '../../domain/slot/slots-covered.js';
import { WrongExpectedVersionError, type Checkpoint } from '../../eventstore/types.js';
import { uuidV5 } from '../runtime/deterministic-id.js';
import { processMetadata } from '../runtime/run-step.js';
import type { ProcessRuntime } from '../runtime/types.js';
import { sessionStreamId } from '../stream-ids.js';
import { releaseCells, reserveCells } from './slot-steps.js';

export const STUDENT_TIME_STREAM = 'student-time-carried-over';
const PAGE = 1_000;

export interface StudentTimeOutcome {
  /** Sessions on whose student's cells are now reserved (or were already). */
  reserved: number;
  /** Sessions whose student's time another session of theirs holds already. */
  refused: number;
}

/** Ids of every session ever requested, in log order. */
const requestedSessions = async (runtime: ProcessRuntime): Promise<string[]> => {
  const ids: string[] = [];
  let after: Checkpoint | null = null;
  for (;;) {
    const page = await runtime.reads.readAll({ after, limit: PAGE });
    if (page.length === 0) return ids;
    for (const recorded of page) if (recorded.type === 'SessionRequested') ids.push((recorded.data as { sessionId: string }).sessionId);
    after = page[page.length - 1]!.checkpoint;
  }
};

/** Null when an earlier run did it already. */
export const carryOverStudentTime = async (runtime: ProcessRuntime, now: string, warn: (message: string) => void = () => {}): Promise<StudentTimeOutcome | null> => {
  if ((await runtime.reads.readStream(STUDENT_TIME_STREAM, { to: 0n })).length > 0) return null;
  const outcome: StudentTimeOutcome = { reserved: 0, refused: 0 };
  const correlationId = uuidV5(STUDENT_TIME_STREAM);
  for (const sessionId of await requestedSessions(runtime)) {
    const { state } = await runtime.load(sessionDecider, sessionStreamId(sessionId));
    if (state.status !== 'requested' && state.status !== 'confirmed' && state.status !== 'modification_pending') continue;
    const { studentId, startsAt, durationHours } = state.session;
    try {
      const cells = slotsCovered(startsAt, durationHours);
      const reservation = { mentorId: studentId, sessionId, cells };
      await reserveCells(runtime, reservation, { step: `student-time:${sessionId}`, now, actorId: null, correlationId });
      // The app may run beside this (PostgreSQL): a session that ended or moved while its cells were being
      // taken has had its release already, so these cells would stay held for good. Give them back.
      const after = (await runtime.load(sessionDecider, sessionStreamId(sessionId))).state;
      const stillThere = (after.status === 'requested' || after.status === 'confirmed' || after.status === 'modification_pending') && after.session.startsAt === startsAt;
      if (!stillThere) {
        await releaseCells(runtime, reservation, { step: `student-time-undo:${sessionId}`, now, actorId: null, correlationId });
        continue;
      }
      outcome.reserved += 1;
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'CONFLICT')) throw error;
      outcome.refused += 1;
      warn(`reserving the student's time of session ${sessionId}: another session of theirs holds part of it already`);
    }
  }
  const marker = {
    type: 'StudentTimeCarriedOver',
    data: outcome,
    metadata: processMetadata({ now, actorId: null, correlationId }, uuidV5(`${STUDENT_TIME_STREAM}:marker`)),
  };
  await runtime.record(STUDENT_TIME_STREAM, [marker], 'no_stream').catch((error: unknown) => {
    if (!(error instanceof WrongExpectedVersionError)) throw error; // another run finished first
  });
  return outcome;
};
