// A booking on PostgreSQL and PGlite is planned on the member and ledger states this process remembers
// (runtime.planOn, docs/decisions.md 34): no read before the write, which checks that the members'
// streams have not moved. These tests change the streams behind the process's back (through another
// runtime, as another process would: this one's commands leave what they write in its caches,
// decision 42) and show that the answer is always the one the stored state gives.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { texts } from '../../domain/session/rules.js';
import { grantCorrection } from '../ledger.js';
import { updateProfile } from '../members.js';
import { openTestEventStore, wireTestCommands, type TestEventStore } from '../../test/support/test-event-store.js';
import { requestSession } from './request-session.js';
import { MONDAY, WEEKDAYS_9_TO_17, balanceOf, cellHolders, newMember, newMentor, refusal, sessionState } from './testing.js';

const WEDNESDAY_10 = '2026-03-04T10:00:00.000Z';
const WEDNESDAY_11 = '2026-03-04T11:00:00.000Z';
const SATURDAY_10 = '2026-03-07T10:00:00.000Z';

let fixture: TestEventStore;
beforeAll(async () => {
  fixture = await openTestEventStore('remembered_plan');
});
afterAll(async () => {
  await fixture?.close();
});

const book = (studentId: string, mentor: { mentorId: string; skillId: string }, startsAt: string) =>
  requestSession(fixture.commands, {
    sessionId: randomUUID(),
    studentId,
    instructorId: mentor.mentorId,
    skillId: mentor.skillId,
    startsAt,
    durationHours: 1,
    message: '',
    now: MONDAY,
  });

/** The same database through another runtime: another process, whose writes this one's remembered states never see. */
const elsewhere = () => wireTestCommands(fixture.store);

const setAvailability = (mentorId: string, availability: typeof WEEKDAYS_9_TO_17) =>
  updateProfile(elsewhere(), { memberId: mentorId, actorId: mentorId, now: MONDAY, patch: { availability } });

describe('a booking planned on remembered states', () => {
  it('refuses an hour the mentor removed after the process remembered their availability, taking nothing', async () => {
    const mentor = await newMentor(fixture.commands);
    const studentId = await newMember(fixture.commands);
    await book(studentId, mentor, WEDNESDAY_10); // the process now remembers both members and the ledger
    await setAvailability(
      mentor.mentorId,
      WEEKDAYS_9_TO_17.filter((a) => a.day !== 'Wednesday'),
    );

    expect(await refusal(book(studentId, mentor, WEDNESDAY_11))).toEqual({ code: 'VALIDATION', message: texts.slotNotAvailable });
    expect(await balanceOf(fixture.commands, studentId)).toEqual({ available: 2, held: 1 });
    expect(await cellHolders(fixture.commands, mentor.mentorId, WEDNESDAY_11, 1)).toEqual([null, null, null, null]);
  });

  it('books an hour the mentor added after the process remembered their availability', async () => {
    const mentor = await newMentor(fixture.commands);
    const studentId = await newMember(fixture.commands);
    await book(studentId, mentor, WEDNESDAY_10);
    await setAvailability(mentor.mentorId, [...WEEKDAYS_9_TO_17, { day: 'Saturday', startTime: '09:00', endTime: '12:00' }]);

    const saturday = await book(studentId, mentor, SATURDAY_10);
    expect((await sessionState(fixture.commands, saturday.sessionId)).status).toBe('requested');
    expect(await cellHolders(fixture.commands, mentor.mentorId, SATURDAY_10, 1)).toEqual(Array(4).fill(saturday.sessionId));
  });

  it('books with points the student received after the process remembered their ledger', async () => {
    const mentor = await newMentor(fixture.commands, { pointsPerHour: 3 });
    const studentId = await newMember(fixture.commands);
    await book(studentId, mentor, WEDNESDAY_10); // all 3 welcome points held: the remembered ledger has none left
    await grantCorrection(elsewhere(), { memberId: studentId, amount: 3, description: 'Goodwill' }, { now: MONDAY, actorId: 'admin' });

    const second = await book(studentId, mentor, WEDNESDAY_11);
    expect((await sessionState(fixture.commands, second.sessionId)).status).toBe('requested');
    expect(await balanceOf(fixture.commands, studentId)).toEqual({ available: 0, held: 6 });
  });

  it('plans again when a member changed anything since, and books on the stored profile', async () => {
    const mentor = await newMentor(fixture.commands, { pointsPerHour: 1 });
    const studentId = await newMember(fixture.commands);
    await book(studentId, mentor, WEDNESDAY_10);
    // A change the remembered plan would not refuse on: only the write's check of the stream sees it.
    await updateProfile(elsewhere(), { memberId: mentor.mentorId, actorId: mentor.mentorId, now: MONDAY, patch: { bio: 'Now with more hooks' } });
    await updateProfile(elsewhere(), { memberId: studentId, actorId: studentId, now: MONDAY, patch: { bio: 'Learning' } });

    const again = await book(studentId, mentor, WEDNESDAY_11);
    expect(again.participants?.instructor.name).toBeTruthy();
    expect((await sessionState(fixture.commands, again.sessionId)).status).toBe('requested');
    expect(await balanceOf(fixture.commands, studentId)).toEqual({ available: 1, held: 2 });
  });

  it('reads nothing before its write once it remembers both members and the ledger', async () => {
    const reads: string[][] = [];
    const watched = new Proxy(fixture.store, {
      get(target, property, receiver) {
        if (property === 'readStreams') {
          return (ids: readonly string[], options?: unknown) => {
            reads.push([...ids]);
            return target.readStreams(ids, options as never);
          };
        }
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const mentor = await newMentor(fixture.commands);
    const studentId = await newMember(fixture.commands);
    const watchedCommands = wireTestCommands(watched);
    const bookOn = (startsAt: string) =>
      requestSession(watchedCommands, {
        sessionId: randomUUID(),
        studentId,
        instructorId: mentor.mentorId,
        skillId: mentor.skillId,
        startsAt,
        durationHours: 1,
        message: '',
        now: MONDAY,
      });
    await bookOn(WEDNESDAY_10);
    expect(reads.length).toBeGreaterThan(0); // the first booking reads what it does not know yet
    reads.length = 0;
    await bookOn(WEDNESDAY_11);
    // The check for a re-sent request reads the new session's own stream (the id is not known to be new
    // here, as it is when the API makes it); the members and the ledger are not read.
    expect(reads.flat().filter((id) => !id.startsWith('session-'))).toEqual([]);
    expect(await balanceOf(fixture.commands, studentId)).toEqual({ available: 1, held: 2 });
  });

  it('books a member whose sign-up and profile this process wrote without reading their streams first', async () => {
    const mentor = await newMentor(fixture.commands); // registered and given a skill through this store
    const studentId = await newMember(fixture.commands); // registered and granted the welcome points here
    const readStreams = vi.spyOn(fixture.store, 'readStreams');
    const readStream = vi.spyOn(fixture.store, 'readStream');
    try {
      // As the API books: a fresh session id, so no check for a re-sent request either.
      const booked = await requestSession(fixture.commands, {
        sessionId: randomUUID(),
        sessionIdIsNew: true,
        studentId,
        instructorId: mentor.mentorId,
        skillId: mentor.skillId,
        startsAt: WEDNESDAY_10,
        durationHours: 1,
        message: '',
        now: MONDAY,
      });
      expect(readStreams).not.toHaveBeenCalled();
      expect(readStream).not.toHaveBeenCalled();
      expect((await sessionState(fixture.commands, booked.sessionId)).status).toBe('requested');
    } finally {
      readStreams.mockRestore();
      readStream.mockRestore();
    }
    expect(await balanceOf(fixture.commands, studentId)).toEqual({ available: 2, held: 1 });
  });

  it('refuses a second booking of the same hour whichever process state it was planned on', async () => {
    const mentor = await newMentor(fixture.commands);
    const [first, second] = [await newMember(fixture.commands), await newMember(fixture.commands)];
    await book(first, mentor, WEDNESDAY_10);
    await book(second, mentor, WEDNESDAY_11);
    expect(await refusal(book(second, mentor, WEDNESDAY_10))).toEqual({ code: 'CONFLICT', message: texts.slotTaken });
    expect(await balanceOf(fixture.commands, second)).toEqual({ available: 2, held: 1 });
  });
});
