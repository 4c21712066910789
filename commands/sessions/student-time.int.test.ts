// A session takes the student's time as well as the mentor's (issue 19 point 5): both ways a booking
// writes refuse a student's second session at the same time, also when the two race to the same
// cells; the follow-ups of an ended session give the student's time back; and sessions booked before
// get their student's time once (npm run migrate:events).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../domain/session/rules.js';
import { slotsCovered } from '../../domain/slot/slots-covered.js';
import type { EventStore } from '../../eventstore/types.js';
import { openTestEventStore, wireTestCommands, type TestEventStore } from '../../test/support/test-event-store.js';
import { carryOverStudentTime } from './carry-over-student-time.js';
import { requestSession } from './request-session.js';
import { releaseCells } from './slot-steps.js';
import { MONDAY, asInOrderStore, balanceOf, cellHolders, newMember, newMentor, refusal, withAppendBarrier } from './testing.js';

let fixture: TestEventStore;
beforeAll(async () => {
  fixture = await openTestEventStore('student_time');
});
afterAll(async () => {
  await fixture?.close();
});

const WEDNESDAY_10 = '2026-03-04T10:00:00.000Z';
const modes: [string, (store: EventStore) => EventStore][] = [
  ['written together', (s) => s],
  ['written step by step', asInOrderStore],
];

const booking = (studentId: string, mentor: { mentorId: string; skillId: string }, startsAt = WEDNESDAY_10, durationHours = 1) => ({
  sessionId: randomUUID(),
  studentId,
  instructorId: mentor.mentorId,
  skillId: mentor.skillId,
  startsAt,
  durationHours,
  message: '',
  now: MONDAY,
});

describe.each(modes)("the student's time, %s", (_mode, wrap) => {
  const deps = () => wireTestCommands(wrap(fixture.store));

  it('refuses a second session at the same time with another mentor, holding nothing for it', async () => {
    const [first, second] = [await newMentor(deps()), await newMentor(deps())];
    const studentId = await newMember(deps());
    const booked = await requestSession(deps(), booking(studentId, first));
    // 09:00 to 10:30 overlaps 10:00 to 11:00 by half an hour.
    const overlapping = booking(studentId, second, '2026-03-04T09:00:00.000Z', 1.5);
    expect(await refusal(requestSession(deps(), overlapping))).toEqual({ code: 'CONFLICT', message: texts.studentBusy });
    expect(await cellHolders(deps(), studentId, WEDNESDAY_10, 1)).toEqual(Array(4).fill(booked.sessionId));
    expect(await cellHolders(deps(), second.mentorId, '2026-03-04T09:00:00.000Z', 1.5)).toEqual(Array(6).fill(null));
    expect(await balanceOf(deps(), studentId)).toEqual({ available: 2, held: 1 });
  });

  it('books one of three requests that reach the student’s cells at once', async () => {
    const mentors = [await newMentor(deps()), await newMentor(deps()), await newMentor(deps())];
    const studentId = await newMember(deps());
    const racing = withAppendBarrier(wrap(fixture.store), (streamId) => streamId.startsWith(`slots-${studentId}-`), 3);
    const settled = await Promise.allSettled(mentors.map((mentor) => requestSession(wireTestCommands(racing), booking(studentId, mentor))));
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    for (const lost of settled.filter((s) => s.status === 'rejected')) expect((lost.reason as Error).message).toBe(texts.studentBusy);
    expect(await balanceOf(deps(), studentId)).toEqual({ available: 2, held: 1 });
  });
});

describe("carrying sessions booked before over into the student's time", () => {
  it("reserves the student's cells of sessions still on, once", async () => {
    const deps = wireTestCommands(fixture.store);
    const mentor = await newMentor(deps);
    const studentId = await newMember(deps);
    const booked = await requestSession(deps, booking(studentId, mentor, '2026-03-05T14:00:00.000Z'));
    // As an earlier version left it: the mentor's time taken, the student's not.
    const cells = slotsCovered('2026-03-05T14:00:00.000Z', 1);
    await releaseCells(
      deps.runtime,
      { mentorId: studentId, sessionId: booked.sessionId, cells },
      { step: 'as-before', now: MONDAY, actorId: null, correlationId: 'test' },
    );
    expect(await cellHolders(deps, studentId, '2026-03-05T14:00:00.000Z', 1)).toEqual(Array(4).fill(null));

    const outcome = await carryOverStudentTime(deps.runtime, MONDAY);
    expect(outcome?.refused).toBe(0);
    expect(await cellHolders(deps, studentId, '2026-03-05T14:00:00.000Z', 1)).toEqual(Array(4).fill(booked.sessionId));
    expect(await carryOverStudentTime(deps.runtime, MONDAY)).toBeNull();
  });
});
