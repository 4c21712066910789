import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../domain/session/rules.js';
import { ledgerStreamId } from '../stream-ids.js';
import { openTestEventStore, type TestEventStore } from '../../test/support/test-event-store.js';
import { runFollowUps } from './follow-ups.js';
import { requestSession, type RequestSessionInput } from './request-session.js';
import { startScheduler } from './scheduler.js';
import {
  approveReschedule,
  approveSession,
  cancelSession,
  cancelSessionRequest,
  markSessionCompleted,
  proposeReschedule,
  rateSession,
  rejectSession,
} from './session-actions.js';
import { MONDAY, balanceOf, cellHolders, dueAmong, ledgerTotals, newMember, newMentor, refusal, sessionState } from './testing.js';

const WEDNESDAY_10 = '2026-03-04T10:00:00.000Z';
const THURSDAY_14 = '2026-03-05T14:00:00.000Z';

let fixture: TestEventStore;
beforeAll(async () => {
  fixture = await openTestEventStore('session_lifecycle');
});
afterAll(async () => {
  await fixture?.close();
});

const store = () => fixture.store;
const deps = () => fixture.commands;

const request = (overrides: Partial<RequestSessionInput> & Pick<RequestSessionInput, 'studentId' | 'instructorId' | 'skillId'>) =>
  requestSession(deps(), {
    sessionId: randomUUID(),
    startsAt: WEDNESDAY_10,
    durationHours: 1,
    message: 'Hi! Could we look at hooks?',
    now: MONDAY,
    ...overrides,
  });

describe('a session from request to rating', () => {
  it('holds the student’s points, moves them to the mentor when the scheduler completes it, and keeps the ledger balanced', async () => {
    const { mentorId, skillId } = await newMentor(deps(), { pointsPerHour: 3 });
    const studentId = await newMember(deps());
    const other = await newMember(deps());

    const requested = await request({ studentId, instructorId: mentorId, skillId });
    const { sessionId } = requested;
    expect(requested.session).toMatchObject({ startsAt: WEDNESDAY_10, cost: 3 });
    expect(requested.checkpoint).toEqual(expect.any(String));
    expect(await balanceOf(deps(), studentId)).toEqual({ available: 0, held: 3 });
    expect(await cellHolders(deps(), mentorId, WEDNESDAY_10, 1)).toEqual([sessionId, sessionId, sessionId, sessionId]);

    const approved = await approveSession(deps(), { sessionId, actorId: mentorId, now: MONDAY });
    expect(approved.session.status).toBe('confirmed');
    const link = approved.events[0]?.type === 'SessionApproved' ? approved.events[0].data.videoCallLink : '';
    expect(link).toMatch(/^https:\/\/meet\.jit\.si\/skillswap-[0-9a-f]{32}$/);

    await proposeReschedule(deps(), { sessionId, actorId: studentId, now: MONDAY, startsAt: THURSDAY_14, message: 'Thursday?' });
    const moved = await approveReschedule(deps(), { sessionId, actorId: mentorId, now: MONDAY });
    expect(moved.session).toMatchObject({ status: 'confirmed', session: { startsAt: THURSDAY_14 } });
    expect(await cellHolders(deps(), mentorId, THURSDAY_14, 1)).toEqual([sessionId, sessionId, sessionId, sessionId]);
    // The old time is free again: another member books it.
    expect(await cellHolders(deps(), mentorId, WEDNESDAY_10, 1)).toEqual([null, null, null, null]);
    await expect(request({ studentId: other, instructorId: mentorId, skillId })).resolves.toMatchObject({ session: { startsAt: WEDNESDAY_10 } });

    // The scheduler, on an injected clock set after the session's end, completes it.
    let clock = new Date('2026-03-05T14:30:00.000Z');
    const scheduler = startScheduler({ runtime: deps().runtime, listDue: dueAmong(deps(), [sessionId]), clock: () => clock, intervalMs: 10 });
    await scheduler.runOnce();
    expect((await sessionState(deps(), sessionId)).status).toBe('confirmed');
    clock = new Date('2026-03-05T15:00:00.000Z');
    await scheduler.runOnce();
    await scheduler.stop();
    expect((await sessionState(deps(), sessionId)).status).toBe('completed');
    expect(await balanceOf(deps(), studentId)).toEqual({ available: 0, held: 0 });
    expect(await balanceOf(deps(), mentorId)).toEqual({ available: 6, held: 0 });

    const rated = await rateSession(deps(), { sessionId, actorId: studentId, stars: 5, review: 'Clear and patient', now: '2026-03-05T16:00:00.000Z' });
    expect(rated.session).toMatchObject({ status: 'completed', rating: { stars: 5, review: 'Clear and patient' } });

    expect(await ledgerTotals(deps(), [mentorId, studentId, other])).toEqual({ total: 9, granted: 9, anyNegative: false });
    const mentorLedger = await store().readStream(ledgerStreamId(mentorId));
    expect(mentorLedger.map((e) => e.type)).toEqual(['PointsGranted', 'PointsReceived']);
  });

  it('lets the mentor mark a started session completed, paying once however often follow-ups run', async () => {
    const { mentorId, skillId } = await newMentor(deps(), { pointsPerHour: 2 });
    const studentId = await newMember(deps());
    const { sessionId } = await request({ studentId, instructorId: mentorId, skillId });
    await approveSession(deps(), { sessionId, actorId: mentorId, now: MONDAY });
    expect(await refusal(markSessionCompleted(deps(), { sessionId, actorId: mentorId, now: MONDAY }))).toEqual({
      code: 'INVALID_STATE',
      message: texts.completeBeforeStart,
    });
    await markSessionCompleted(deps(), { sessionId, actorId: mentorId, now: '2026-03-04T10:20:00.000Z' });
    await rateSession(deps(), { sessionId, actorId: studentId, stars: 4, review: '', now: '2026-03-04T12:00:00.000Z' });
    expect(await balanceOf(deps(), mentorId)).toEqual({ available: 5, held: 0 });
    expect(await balanceOf(deps(), studentId)).toEqual({ available: 1, held: 0 });
  });
});

describe('ending a booking early gives back the points and the time', () => {
  const bookAndEnd = async (end: (ids: { sessionId: string; studentId: string; mentorId: string }) => Promise<unknown>) => {
    const { mentorId, skillId } = await newMentor(deps(), { pointsPerHour: 2 });
    const studentId = await newMember(deps());
    const { sessionId } = await request({ studentId, instructorId: mentorId, skillId });
    expect(await balanceOf(deps(), studentId)).toEqual({ available: 1, held: 2 });
    await end({ sessionId, studentId, mentorId });
    expect(await balanceOf(deps(), studentId)).toEqual({ available: 3, held: 0 });
    expect(await cellHolders(deps(), mentorId, WEDNESDAY_10, 1)).toEqual([null, null, null, null]);
    // The same hour can be booked again by someone else.
    const next = await request({ studentId: await newMember(deps()), instructorId: mentorId, skillId });
    expect(await cellHolders(deps(), mentorId, WEDNESDAY_10, 1)).toEqual(Array(4).fill(next.sessionId));
    return sessionId;
  };

  it('refunds the hold when the mentor rejects', async () => {
    const sessionId = await bookAndEnd(({ sessionId, mentorId }) =>
      rejectSession(deps(), { sessionId, actorId: mentorId, reason: "I'm not available that day", now: MONDAY }),
    );
    expect(await sessionState(deps(), sessionId)).toMatchObject({ status: 'rejected', reason: expect.stringContaining("I'm not available") });
  });

  it('refunds the hold when the student cancels the request', async () => {
    const sessionId = await bookAndEnd(({ sessionId, studentId }) => cancelSessionRequest(deps(), { sessionId, actorId: studentId, now: MONDAY }));
    expect((await sessionState(deps(), sessionId)).status).toBe('cancelled');
  });

  it('refunds the hold when a confirmed session is cancelled at least 2 hours ahead', async () => {
    const sessionId = await bookAndEnd(async ({ sessionId, mentorId, studentId }) => {
      await approveSession(deps(), { sessionId, actorId: mentorId, now: MONDAY });
      expect(await refusal(cancelSession(deps(), { sessionId, actorId: studentId, reason: 'Sick', now: '2026-03-04T08:30:00.000Z' }))).toMatchObject({
        code: 'INVALID_STATE',
      });
      await cancelSession(deps(), { sessionId, actorId: studentId, reason: 'Sick', now: '2026-03-04T08:00:00.000Z' });
    });
    expect((await sessionState(deps(), sessionId)).status).toBe('cancelled');
  });

  it('refunds the hold when the request expires unanswered at its start', async () => {
    let clock = new Date('2026-03-04T09:59:00.000Z');
    const sessionId = await bookAndEnd(async ({ sessionId }) => {
      const scheduler = startScheduler({ runtime: deps().runtime, listDue: dueAmong(deps(), [sessionId]), clock: () => clock, intervalMs: 60_000 });
      await scheduler.runOnce();
      expect((await sessionState(deps(), sessionId)).status).toBe('requested');
      clock = new Date(WEDNESDAY_10);
      await scheduler.runOnce();
      await scheduler.stop();
    });
    expect((await sessionState(deps(), sessionId)).status).toBe('declined');
  });
});

describe('the checkpoint an action answers with', () => {
  // The follow-ups reactor may settle the hold before the action's own follow-ups get to it; the
  // action must still wait for that settlement, or the API answers with the hold still held.
  it('covers a refund and a transfer that another run of the follow-ups wrote', async () => {
    const { mentorId, skillId } = await newMentor(deps(), { pointsPerHour: 2 });
    const studentId = await newMember(deps());
    const cancelled = await request({ studentId, instructorId: mentorId, skillId });
    await cancelSessionRequest(deps(), { sessionId: cancelled.sessionId, actorId: studentId, now: MONDAY });
    const refund = (await store().readStream(ledgerStreamId(studentId))).at(-1)!;
    expect(refund.type).toBe('HoldRefunded');
    expect((await runFollowUps(deps(), cancelled.sessionId)).checkpoint).toBe(refund.checkpoint);

    const completed = await request({ studentId: await newMember(deps()), instructorId: mentorId, skillId, startsAt: THURSDAY_14 });
    await approveSession(deps(), { sessionId: completed.sessionId, actorId: mentorId, now: MONDAY });
    await markSessionCompleted(deps(), { sessionId: completed.sessionId, actorId: mentorId, now: '2026-03-05T14:30:00.000Z' });
    const receipt = (await store().readStream(ledgerStreamId(mentorId))).at(-1)!;
    expect(receipt.type).toBe('PointsReceived');
    expect((await runFollowUps(deps(), completed.sessionId)).checkpoint).toBe(receipt.checkpoint);
  });
});

describe('refusals', () => {
  it('refuses an unknown skill, booking oneself, a time outside availability and a start already taken', async () => {
    const { mentorId, skillId } = await newMentor(deps());
    const studentId = await newMember(deps());
    expect(await refusal(request({ studentId, instructorId: mentorId, skillId: randomUUID() }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Instructor or skill not found.',
    });
    expect(await refusal(request({ studentId: mentorId, instructorId: mentorId, skillId }))).toMatchObject({ code: 'VALIDATION' });
    expect(await refusal(request({ studentId, instructorId: mentorId, skillId, startsAt: '2026-03-04T18:00:00.000Z' }))).toEqual({
      code: 'VALIDATION',
      message: texts.slotNotAvailable,
    });
    expect(await refusal(request({ studentId, instructorId: mentorId, skillId, startsAt: '2026-03-04T10:30:00.000Z' }))).toEqual({
      code: 'VALIDATION',
      message: texts.slotNotAvailable, // the mentor's hours start on the hour
    });
    await request({ studentId, instructorId: mentorId, skillId });
    const taken = { code: 'CONFLICT', message: 'This time slot is no longer available. Please select a different time.' };
    expect(await refusal(request({ studentId: await newMember(deps()), instructorId: mentorId, skillId }))).toEqual(taken);
    // 9:00 for 1.5 hours is offered by the mentor's hours but runs into the 10:00 session.
    const overlapping = request({ studentId: await newMember(deps()), instructorId: mentorId, skillId, startsAt: '2026-03-04T09:00:00.000Z', durationHours: 1.5 });
    expect(await refusal(overlapping)).toEqual(taken);
  });

  it('reads a date and time on the student’s own clock', async () => {
    const { mentorId, skillId } = await newMentor(deps());
    const studentId = await newMember(deps(), 'America/New_York');
    const result = await request({ studentId, instructorId: mentorId, skillId, startsAt: null, date: '2026-03-04', time: '05:00' });
    expect(result.session.startsAt).toBe(WEDNESDAY_10);
  });

  it('asks for more points with the spec text, and writes nothing', async () => {
    const { mentorId, skillId } = await newMentor(deps(), { pointsPerHour: 3 });
    const studentId = await newMember(deps());
    expect(await refusal(request({ studentId, instructorId: mentorId, skillId, durationHours: 1.5 }))).toEqual({
      code: 'INSUFFICIENT_POINTS',
      message: 'Insufficient points. You need at least 5 point(s) to request this session.',
    });
    expect(await balanceOf(deps(), studentId)).toEqual({ available: 3, held: 0 });
  });

  it('refuses a reschedule onto time another session holds, and gives back cells taken by an approval that fails', async () => {
    const { mentorId, skillId } = await newMentor(deps());
    const [alice, bob] = [await newMember(deps()), await newMember(deps())];
    const first = await request({ studentId: alice, instructorId: mentorId, skillId, durationHours: 1.5 });
    await approveSession(deps(), { sessionId: first.sessionId, actorId: mentorId, now: MONDAY });
    const second = await request({ studentId: bob, instructorId: mentorId, skillId, startsAt: THURSDAY_14 });
    const propose = (startsAt: string) => proposeReschedule(deps(), { sessionId: first.sessionId, actorId: alice, now: MONDAY, startsAt, message: '' });
    expect(await refusal(propose('2026-03-05T13:00:00.000Z'))).toEqual({ code: 'CONFLICT', message: texts.slotTaken });

    // Proposed while free; bob then books 16:00, which the last two cells of 15:00-16:30 overlap.
    await propose('2026-03-05T15:00:00.000Z');
    const third = await request({ studentId: bob, instructorId: mentorId, skillId, startsAt: '2026-03-05T16:00:00.000Z' });
    expect(await refusal(approveReschedule(deps(), { sessionId: first.sessionId, actorId: mentorId, now: MONDAY }))).toEqual({
      code: 'CONFLICT',
      message: texts.slotTaken,
    });
    expect((await sessionState(deps(), first.sessionId)).status).toBe('modification_pending');
    expect(await cellHolders(deps(), mentorId, WEDNESDAY_10, 1.5)).toEqual(Array(6).fill(first.sessionId));
    expect(await cellHolders(deps(), mentorId, '2026-03-05T15:00:00.000Z', 1.5)).toEqual([null, null, null, null, third.sessionId, third.sessionId]);
    expect(await cellHolders(deps(), mentorId, THURSDAY_14, 1)).toEqual(Array(4).fill(second.sessionId));
  });
});
