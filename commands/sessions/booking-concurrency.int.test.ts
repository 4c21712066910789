import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/shared.js';
import { openTestEventStore, wireTestCommands, type TestEventStore } from '../../test/support/test-event-store.js';
import { reconcileSessionRequests } from './reconciler.js';
import { requestSession } from './request-session.js';
import { ledgerStreamId } from '../stream-ids.js';
import { MONDAY, asInOrderStore, balanceOf, cellHolders, ledgerTotals, newMember, newMentor, withAppendBarrier } from './testing.js';
import type { EventStore } from '../../eventstore/types.js';

let fixture: TestEventStore;
beforeAll(async () => {
  fixture = await openTestEventStore('booking_concurrency');
});
afterAll(async () => {
  await fixture?.close();
});

// Both ways a booking writes: all its steps in two multi-stream transactions (this store), and one
// step after the other (as on EventStoreDB).
const modes: [string, (store: EventStore) => EventStore][] = [
  ['written together', (s) => s],
  ['written step by step', asInOrderStore],
];

const outcomes = (settled: PromiseSettledResult<{ sessionId: string }>[]) => ({
  won: settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value.sessionId] : [])),
  refusals: settled.flatMap((s) => {
    if (s.status === 'fulfilled') return [];
    if (!(s.reason instanceof DomainError)) throw s.reason;
    return [`${s.reason.code}: ${s.reason.message}`];
  }),
});

describe.each(modes)('booking under concurrency, %s', (_mode, wrap) => {
  const store = () => wrap(fixture.store);
  const deps = () => wireTestCommands(store());

  it('gives one slot to exactly one of 50 students asking at once, and leaves the other 49 their points', async () => {
    const { mentorId, skillId } = await newMentor(deps());
    const students: string[] = [];
    for (let i = 0; i < 50; i++) students.push(await newMember(deps()));
    const startsAt = '2026-03-04T10:00:00.000Z';
    // All 50 have done every check (and, step by step, held their points) before any reserves a cell.
    const racing = withAppendBarrier(store(), (streamId) => streamId.startsWith(`slots-${mentorId}-`), 50);

    const settled = await Promise.allSettled(
      students.map((studentId) =>
        requestSession(wireTestCommands(racing), {
          sessionId: randomUUID(),
          studentId,
          instructorId: mentorId,
          skillId,
          startsAt,
          durationHours: 1,
          message: '',
          now: MONDAY,
        }),
      ),
    );

    const { won, refusals } = outcomes(settled);
    expect(won).toHaveLength(1);
    expect(refusals).toEqual(Array(49).fill('CONFLICT: This time slot is no longer available. Please select a different time.'));
    expect(await cellHolders(deps(), mentorId, startsAt, 1)).toEqual(Array(4).fill(won[0]));
    const balances = await Promise.all(students.map((id) => balanceOf(deps(), id)));
    expect(balances.filter((b) => b.held === 1 && b.available === 2)).toHaveLength(1);
    expect(balances.filter((b) => b.held === 0 && b.available === 3)).toHaveLength(49);
    const loser = students.find((id) => !balances[students.indexOf(id)]?.held)!;
    // Written together, a refused booking took nothing; step by step, it gave back what it took.
    const loserLedger = (await store().readStream(ledgerStreamId(loser))).map((e) => e.type);
    expect(loserLedger).toEqual(store().multiStreamAppend === 'atomic' ? ['PointsGranted'] : ['PointsGranted', 'PointsHeld', 'HoldRefunded']);
    expect(await ledgerTotals(deps(), [mentorId, ...students])).toEqual({ total: 153, granted: 153, anyNegative: false });
    // Every process closed its own booking: the reconciler finds nothing to repair.
    const repair = await reconcileSessionRequests(deps(), { now: '2026-03-02T09:00:00.000Z', olderThanMs: 60_000 });
    expect(repair).toMatchObject({ compensated: [], rolledForward: [], failed: [] });
  });

  it('lets a student with 3 points win exactly 3 of 10 simultaneous 1-point requests', async () => {
    const { mentorId, skillId } = await newMentor(deps());
    const studentId = await newMember(deps());
    const starts = [9, 10, 11, 12, 13, 14, 15, 16].map((h) => `2026-03-04T${String(h).padStart(2, '0')}:00:00.000Z`);
    starts.push('2026-03-05T09:00:00.000Z', '2026-03-05T10:00:00.000Z');
    // All 10 pass the balance check before any hold is placed: the ledger's revision must refuse 7.
    const racing = withAppendBarrier(store(), (streamId) => streamId === ledgerStreamId(studentId), 10);

    const settled = await Promise.allSettled(
      starts.map((startsAt) =>
        requestSession(wireTestCommands(racing), {
          sessionId: randomUUID(),
          studentId,
          instructorId: mentorId,
          skillId,
          startsAt,
          durationHours: 1,
          message: '',
          now: MONDAY,
        }),
      ),
    );

    const { won, refusals } = outcomes(settled);
    expect(won).toHaveLength(3);
    expect(refusals).toEqual(Array(7).fill('INSUFFICIENT_POINTS: Insufficient points. You need at least 1 point(s) to request this session.'));
    expect(await balanceOf(deps(), studentId)).toEqual({ available: 0, held: 3 });
    const holders = await Promise.all(starts.map(async (startsAt) => (await cellHolders(deps(), mentorId, startsAt, 1))[0]));
    expect(holders.filter((h) => h !== null).sort()).toEqual([...won].sort());
    expect(await ledgerTotals(deps(), [mentorId, studentId])).toEqual({ total: 6, granted: 6, anyNegative: false });
  });
});
