import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionDecider } from '../../domain/session/decide.js';
import type { EventStore, StreamAppend } from '../../eventstore/types.js';
import { bookingStreamId, ledgerStreamId, sessionStreamId } from '../stream-ids.js';
import type { RunContext } from '../runtime/types.js';
import { openTestEventStore, wireTestCommands, type TestEventStore } from '../../test/support/test-event-store.js';
import { BOOKING_LOST_MESSAGE } from './booking-record.js';
import { bookingSteps } from './booking-steps.js';
import { runFollowUps } from './follow-ups.js';
import { reconcileSessionRequests } from './reconciler.js';
import { planBooking } from './booking-states.js';
import { requestSession } from './request-session.js';
import { startScheduler } from './scheduler.js';
import { approveReschedule, approveSession, proposeReschedule, rejectSession } from './session-actions.js';
import { MONDAY, asInOrderStore, balanceOf, cellHolders, newMember, newMentor, sessionState } from './testing.js';

const WEDNESDAY_10 = '2026-03-04T10:00:00.000Z';
const MINUTE = 60_000;
const after = (minutes: number) => new Date(Date.parse(MONDAY) + minutes * MINUTE).toISOString();
const GRACE = 5 * MINUTE;

let fixture: TestEventStore;
beforeAll(async () => {
  fixture = await openTestEventStore('crash_repair');
});
afterAll(async () => {
  await fixture?.close();
});

const store = () => fixture.store;
const deps = () => fixture.commands;
const reconcile = (minutes: number) => reconcileSessionRequests(deps(), { now: after(minutes), olderThanMs: GRACE });

/** A booking whose process ran only its first steps, as if the process died there. */
const bookingCutShort = async (steps: ('hold' | 'reserve' | 'commit')[]) => {
  const { mentorId, skillId } = await newMentor(deps(), { pointsPerHour: 2 });
  const studentId = await newMember(deps());
  const sessionId = randomUUID();
  const plan = await planBooking(deps(), {
    sessionId,
    studentId,
    instructorId: mentorId,
    skillId,
    startsAt: WEDNESDAY_10,
    durationHours: 1,
    message: '',
    now: MONDAY,
  });
  const run: RunContext = { now: MONDAY, actorId: studentId, correlationId: sessionId };
  await bookingSteps.start(deps().runtime, plan, run);
  for (const step of steps) await bookingSteps[step](deps().runtime, plan, run);
  return { plan, run, sessionId, studentId, mentorId };
};

describe('the booking reconciler', () => {
  it('gives back the hold and the cells of a request killed between hold and session, once the grace period has passed', async () => {
    const { sessionId, studentId, mentorId } = await bookingCutShort(['hold', 'reserve']);
    expect(await balanceOf(deps(), studentId)).toEqual({ available: 1, held: 2 });

    expect((await reconcile(1)).compensated).not.toContain(sessionId); // the process may still be running
    expect(await balanceOf(deps(), studentId)).toEqual({ available: 1, held: 2 });

    const repair = await reconcile(6);
    expect(repair.compensated).toContain(sessionId);
    expect(await balanceOf(deps(), studentId)).toEqual({ available: 3, held: 0 });
    expect(await cellHolders(deps(), mentorId, WEDNESDAY_10, 1)).toEqual([null, null, null, null]);
    expect((await sessionState(deps(), sessionId)).status).toBe('none');
    expect((await store().readStream(ledgerStreamId(studentId))).map((e) => e.type)).toEqual(['PointsGranted', 'PointsHeld', 'HoldRefunded']);

    // Checked once more a grace period later, then closed for good.
    expect((await reconcile(12)).closed).toContain(sessionId);
    expect((await reconcile(20)).compensated).not.toContain(sessionId);
  });

  /** The store as seen by a process killed at its first write of the pivot or the session (after hold and cells). */
  const killedAtSessionWrite = (inner: EventStore): EventStore =>
    new Proxy(inner, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        const touchesSession = (streamIds: string[]) => streamIds.some((id) => id.startsWith(sessionStreamId('')) || id.startsWith(bookingStreamId('')));
        if (property === 'append') {
          return async (...args: Parameters<EventStore['append']>) => {
            if (touchesSession([args[0]])) throw new Error('the process was killed');
            return target.append(...args);
          };
        }
        if (property === 'appendMany') {
          // In order, as the store would: the streams before the session's are written, then the process dies.
          return async (appends: StreamAppend[]) => {
            const at = appends.findIndex((a) => touchesSession([a.streamId]));
            if (at < 0) return target.appendMany(appends);
            if (target.multiStreamAppend === 'in-order' && at > 0) await target.appendMany(appends.slice(0, at));
            throw new Error('the process was killed');
          };
        }
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });

  const bookAndKill = async (inner: EventStore) => {
    const { mentorId, skillId } = await newMentor(deps(), { pointsPerHour: 2 });
    const studentId = await newMember(deps());
    const sessionId = randomUUID();
    const request = requestSession(wireTestCommands(killedAtSessionWrite(inner)), {
      sessionId,
      studentId,
      instructorId: mentorId,
      skillId,
      startsAt: WEDNESDAY_10,
      durationHours: 1,
      message: '',
      now: MONDAY,
    });
    await expect(request).rejects.toThrow('the process was killed');
    return { sessionId, studentId, mentorId };
  };

  it('gives back what a request took when its process dies between holding the points and writing the session', async () => {
    // Written step by step (EventStoreDB's way): the hold and the cells are stored when the process dies.
    const { sessionId, studentId, mentorId } = await bookAndKill(asInOrderStore(store()));
    expect(await balanceOf(deps(), studentId)).toEqual({ available: 1, held: 2 });
    expect(await cellHolders(deps(), mentorId, WEDNESDAY_10, 1)).toEqual(Array(4).fill(sessionId));

    expect((await reconcile(6)).compensated).toContain(sessionId);
    expect(await balanceOf(deps(), studentId)).toEqual({ available: 3, held: 0 });
    expect(await cellHolders(deps(), mentorId, WEDNESDAY_10, 1)).toEqual([null, null, null, null]);
    expect((await sessionState(deps(), sessionId)).status).toBe('none');
  });

  it('leaves nothing held when the one write of a booking on a transactional store dies', async () => {
    const { sessionId, studentId, mentorId } = await bookAndKill(store());
    expect(await balanceOf(deps(), studentId)).toEqual({ available: 3, held: 0 });
    expect(await cellHolders(deps(), mentorId, WEDNESDAY_10, 1)).toEqual([null, null, null, null]);
    expect((await sessionState(deps(), sessionId)).status).toBe('none');
    expect((await reconcile(6)).compensated).not.toContain(sessionId);
  });

  it('undoes a stalled process that takes its hold after the booking was abandoned, and refuses its commit', async () => {
    const { plan, run, sessionId, studentId, mentorId } = await bookingCutShort([]);
    expect((await reconcile(6)).compensated).toContain(sessionId);
    // The process wakes up and carries on.
    await bookingSteps.hold(deps().runtime, plan, run);
    await bookingSteps.reserve(deps().runtime, plan, run);
    await expect(bookingSteps.commit(deps().runtime, plan, run)).rejects.toMatchObject({ code: 'CONFLICT', message: BOOKING_LOST_MESSAGE });
    // Even had it died right there, the second pass gives everything back.
    const second = await reconcile(12);
    expect(second).toMatchObject({ compensated: expect.arrayContaining([sessionId]), closed: expect.arrayContaining([sessionId]) });
    expect(await balanceOf(deps(), studentId)).toEqual({ available: 3, held: 0 });
    expect(await cellHolders(deps(), mentorId, WEDNESDAY_10, 1)).toEqual([null, null, null, null]);
  });

  it('creates the session of a booking that committed but died before writing it', async () => {
    const { sessionId, studentId, mentorId } = await bookingCutShort(['hold', 'reserve', 'commit']);
    const repair = await reconcile(6);
    expect(repair).toMatchObject({ rolledForward: [sessionId], closed: expect.arrayContaining([sessionId]) });
    expect(await sessionState(deps(), sessionId)).toMatchObject({ status: 'requested', session: { startsAt: WEDNESDAY_10, cost: 2 } });
    expect(await balanceOf(deps(), studentId)).toEqual({ available: 1, held: 2 });
    await rejectSession(deps(), { sessionId, actorId: mentorId, reason: 'Away', now: after(10) });
    expect(await balanceOf(deps(), studentId)).toEqual({ available: 3, held: 0 });
  });

  it('runs inside the scheduler, which repairs a dead booking on its own once the clock passes the grace period', async () => {
    const { sessionId, studentId } = await bookingCutShort(['hold']);
    let clock = new Date(after(1));
    const errors: unknown[] = [];
    const scheduler = startScheduler({
      runtime: deps().runtime,
      listDue: async () => ({ expire: [], complete: [] }),
      clock: () => clock,
      intervalMs: 10,
      bookingGraceMs: GRACE,
      onError: (error) => errors.push(error),
    });
    try {
      await scheduler.runOnce();
      expect(await balanceOf(deps(), studentId)).toEqual({ available: 1, held: 2 });
      clock = new Date(after(6));
      await vi.waitFor(async () => expect(await balanceOf(deps(), studentId)).toEqual({ available: 3, held: 0 }), { timeout: 5_000, interval: 20 });
    } finally {
      await scheduler.stop();
    }
    expect((await sessionState(deps(), sessionId)).status).toBe('none');
    expect(errors).toEqual([]);
  });

  it('answers a re-sent request with the session already made', async () => {
    const { mentorId, skillId } = await newMentor(deps());
    const studentId = await newMember(deps());
    const input = { sessionId: randomUUID(), studentId, instructorId: mentorId, skillId, startsAt: WEDNESDAY_10, durationHours: 1, message: '', now: MONDAY };
    const first = await requestSession(deps(), input);
    const again = await requestSession(deps(), input);
    expect(again).toMatchObject({ sessionId: first.sessionId, checkpoint: null, events: [] });
    expect(await balanceOf(deps(), studentId)).toEqual({ available: 2, held: 1 });
  });
});

describe('session follow-ups', () => {
  it('refunds and frees the time after a crash right after the rejection was recorded', async () => {
    const { mentorId, skillId } = await newMentor(deps(), { pointsPerHour: 2 });
    const studentId = await newMember(deps());
    const { sessionId } = await requestSession(deps(), {
      sessionId: randomUUID(),
      studentId,
      instructorId: mentorId,
      skillId,
      startsAt: WEDNESDAY_10,
      durationHours: 1,
      message: '',
      now: MONDAY,
    });
    // Only the session event: the process died before its follow-ups.
    await deps().runtime.handle(
      sessionDecider,
      sessionStreamId(sessionId),
      { type: 'RejectSession', sessionId, actorId: mentorId, reason: 'Away that week', now: MONDAY },
      { now: MONDAY, actorId: mentorId },
    );
    expect(await balanceOf(deps(), studentId)).toEqual({ available: 1, held: 2 });

    const first = await runFollowUps(deps(), sessionId);
    expect(first.checkpoint).toEqual(expect.any(String));
    expect(await balanceOf(deps(), studentId)).toEqual({ available: 3, held: 0 });
    expect(await cellHolders(deps(), mentorId, WEDNESDAY_10, 1)).toEqual([null, null, null, null]);
    // Again: nothing is written, and the answer is the refund's checkpoint, for a caller to wait on.
    const ledger = await store().readStream(ledgerStreamId(studentId));
    expect(await runFollowUps(deps(), sessionId)).toEqual({ checkpoint: ledger.at(-1)!.checkpoint });
    expect(await store().readStream(ledgerStreamId(studentId))).toHaveLength(ledger.length);
  });

  it('pays the mentor once when completion follow-ups run again and again', async () => {
    const { mentorId, skillId } = await newMentor(deps(), { pointsPerHour: 3 });
    const studentId = await newMember(deps());
    const { sessionId } = await requestSession(deps(), {
      sessionId: randomUUID(),
      studentId,
      instructorId: mentorId,
      skillId,
      startsAt: WEDNESDAY_10,
      durationHours: 1,
      message: '',
      now: MONDAY,
    });
    await approveSession(deps(), { sessionId, actorId: mentorId, now: MONDAY });
    await deps().runtime.handle(
      sessionDecider,
      sessionStreamId(sessionId),
      { type: 'CompleteSession', sessionId, now: '2026-03-04T11:00:00.000Z' },
      { now: '2026-03-04T11:00:00.000Z', actorId: null },
    );
    await Promise.all([runFollowUps(deps(), sessionId), runFollowUps(deps(), sessionId)]);
    await runFollowUps(deps(), sessionId);
    expect(await balanceOf(deps(), mentorId)).toEqual({ available: 6, held: 0 });
    expect(await balanceOf(deps(), studentId)).toEqual({ available: 0, held: 0 });
    expect((await store().readStream(ledgerStreamId(mentorId))).map((e) => e.type)).toEqual(['PointsGranted', 'PointsReceived']);
  });

  it('keeps the time a session moved back to when old releases are replayed', async () => {
    const { mentorId, skillId } = await newMentor(deps());
    const studentId = await newMember(deps());
    const { sessionId } = await requestSession(deps(), {
      sessionId: randomUUID(),
      studentId,
      instructorId: mentorId,
      skillId,
      startsAt: WEDNESDAY_10,
      durationHours: 1,
      message: '',
      now: MONDAY,
    });
    await approveSession(deps(), { sessionId, actorId: mentorId, now: MONDAY });
    const move = async (startsAt: string) => {
      await proposeReschedule(deps(), { sessionId, actorId: studentId, now: MONDAY, startsAt, message: '' });
      await approveReschedule(deps(), { sessionId, actorId: mentorId, now: MONDAY });
    };
    await move('2026-03-05T14:00:00.000Z');
    await move(WEDNESDAY_10);
    await runFollowUps(deps(), sessionId);
    expect(await cellHolders(deps(), mentorId, WEDNESDAY_10, 1)).toEqual(Array(4).fill(sessionId));
    expect(await cellHolders(deps(), mentorId, '2026-03-05T14:00:00.000Z', 1)).toEqual([null, null, null, null]);
  });
});
