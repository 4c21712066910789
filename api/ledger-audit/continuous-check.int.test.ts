// The check after every batch, called batch by batch on a real database and event store beside the real
// balances read model: it compares at the read model's position when that stands ahead of the batch, leaves
// the comparison to later batches while the read model is far ahead (the check catching up on history),
// waits for a read model behind it and then gives up for the follower to try again, folds a batch run twice
// once, and finds holds settled twice and points received that no ledger paid.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventToAppend, RecordedEvent } from '../../eventstore/types.js';
import { balancesProjector } from '../../projections/balances/projector.js';
import { isTransient, WaitForTimeoutError } from '../../projections/runtime/errors.js';
import { createProjectionRuntime, type ProjectionRuntime } from '../../projections/runtime/projection-runtime.js';
import { openHarness, type Harness } from '../../test/projections/support/harness.js';
import { testTargets, type TestDatabase } from '../../test/projections/support/test-databases.js';
import { checkBatch, readCheckState, type ContinuousCheckDeps } from './continuous-check.js';
import type { StoredFinding } from './findings.js';
import { migrateLedgerAudit } from './tables.js';

const silent = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };

const event = (type: string, data: Record<string, unknown>): EventToAppend => ({
  type,
  data,
  metadata: { eventId: randomUUID(), occurredAt: '2026-12-07T08:00:00.000Z', actorId: null, correlationId: randomUUID(), causationId: null, schemaVersion: 1 },
});
const grant = (memberId: string, amount: number) => event('PointsGranted', { memberId, transactionId: randomUUID(), amount, reason: 'correction', description: 'Test' });
const hold = (memberId: string, holdId: string, amount = 1) => event('PointsHeld', { memberId, holdId, sessionId: holdId, amount, description: 'Held' });
const refund = (memberId: string, holdId: string, amount = 1) =>
  event('HoldRefunded', { memberId, holdId, sessionId: holdId, amount, reason: 'rejected', description: 'Refund' });
const adjudicate = (memberId: string, holdId: string, mentorId: string, amount = 1) =>
  event('HoldAdjudicated', { memberId, holdId, sessionId: holdId, amount, mentorId, description: 'Paid' });
const receive = (memberId: string, holdId: string, fromMemberId: string, amount = 1) =>
  event('PointsReceived', { memberId, transactionId: randomUUID(), holdId, sessionId: holdId, amount, fromMemberId, description: 'Received' });

describe.each(testTargets())('the check after every batch on $kind', (target) => {
  let database: TestDatabase;
  let h: Harness;
  let runtime: ProjectionRuntime;
  let found: StoredFinding[];
  let deps: ContinuousCheckDeps;
  beforeEach(async () => {
    database = await target.create();
    h = await openHarness(database);
    await migrateLedgerAudit(h.sql.handle);
    runtime = createProjectionRuntime({ sql: h.sql, store: h.store, projectors: [balancesProjector], logger: silent, pollIntervalMs: 50 });
    await runtime.start();
    found = [];
    deps = { db: h.sql.handle, store: h.store, clock: () => new Date(), onFindings: (f) => found.push(...f), waitMs: 2_000 };
  });
  afterEach(async () => {
    await runtime.stop();
    await h.close();
    await database.destroy();
  });

  /** Appends to each member's ledger in turn and answers the recorded events once the read model shows them. */
  const append = async (...appends: [string, EventToAppend][]): Promise<RecordedEvent[]> => {
    const before = (await h.store.readAll({ after: null, limit: 100_000 })).length;
    for (const [memberId, e] of appends) await h.store.append(`ledger-${memberId}`, [e]);
    const recorded = (await h.store.readAll({ after: null, limit: 100_000 })).slice(before);
    await runtime.waitFor(recorded.at(-1)!.checkpoint, 10_000);
    return recorded;
  };

  it('compares a batch with a read model that stands ahead of it at the read model’s position', async () => {
    const events = await append(['ann', grant('ann', 5)], ['bob', grant('bob', 3)], ['ann', hold('ann', 'h1')], ['ann', refund('ann', 'h1')], ['bob', grant('bob', 1)]);
    // The read model has all five; the first batch holds two: Ann's row shows her hold and its refund already.
    await checkBatch(deps, events.slice(0, 2));
    await checkBatch(deps, events.slice(2));
    expect(found).toEqual([]);
    const state = await readCheckState(h.sql.handle);
    expect(state).toMatchObject({ position: events.at(-1)!.globalPosition.toString(), totals: { granted: 9, available: 9, held: 0, inTransit: 0 } });
  });

  it('leaves the comparison to later batches while the read model is far ahead, and makes it once close', async () => {
    const events = await append(['ann', grant('ann', 5)], ['bob', grant('bob', 3)], ['cem', grant('cem', 2)], ['dan', grant('dan', 1)]);
    await sql`update balances set available_points = 99 where member_id = 'ann'`.execute(h.sql.db);
    // Two events or more ahead is far here: Ann's batch is not compared with a row that shows later events.
    await checkBatch({ ...deps, windowEvents: 2 }, events.slice(0, 1));
    expect(found).toEqual([]);
    await checkBatch({ ...deps, windowEvents: 2 }, events.slice(1, 3));
    await append(['ann', grant('ann', 1)]).then((more) => checkBatch({ ...deps, windowEvents: 2 }, [events[3]!, ...more]));
    expect(found.map((f) => [f.kind, f.memberId, f.expected, f.found])).toEqual([['balance', 'ann', { available: 6, held: 0 }, { available: 100, held: 0 }]]);
  });

  it('waits for a read model behind the batch, then gives up for the follower to try the batch again', async () => {
    const [first] = await append(['ann', grant('ann', 5)]);
    await runtime.pause('balances');
    await h.store.append('ledger-ann', [grant('ann', 2)]);
    const events = await h.store.readAll({ after: first!.checkpoint, limit: 10 });
    const error = await checkBatch({ ...deps, waitMs: 200 }, events).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitForTimeoutError);
    expect(isTransient(error)).toBe(true);
    await runtime.resume('balances');
    await checkBatch(deps, [first!, ...events]);
    expect(found).toEqual([]);
    expect((await readCheckState(h.sql.handle)).totals).toMatchObject({ granted: 7, available: 7 });
  });

  it('folds a batch run again once', async () => {
    const events = await append(['ann', grant('ann', 5)], ['ann', hold('ann', 'h1', 2)]);
    await checkBatch(deps, events);
    await checkBatch(deps, events);
    expect((await readCheckState(h.sql.handle)).totals).toEqual({ granted: 5, available: 3, held: 2, inTransit: 0 });
    expect(found).toEqual([]);
  });

  it('follows a transfer from the student to the mentor across batches, and finds points received that no ledger paid', async () => {
    const paid = await append(['stu', grant('stu', 3)], ['men', grant('men', 3)], ['stu', hold('stu', 'h1')], ['stu', adjudicate('stu', 'h1', 'men')]);
    await checkBatch(deps, paid);
    // Between the two halves of a transfer the point is on its way: the economy still adds up.
    expect((await readCheckState(h.sql.handle)).totals).toEqual({ granted: 6, available: 5, held: 0, inTransit: 1 });
    await checkBatch(deps, await append(['men', receive('men', 'h1', 'stu')]));
    expect((await readCheckState(h.sql.handle)).totals).toEqual({ granted: 6, available: 6, held: 0, inTransit: 0 });
    expect(found).toEqual([]);
    const made = await append(['men', receive('men', 'h-none', 'stu', 2)]);
    await checkBatch(deps, made);
    expect(found).toEqual([expect.objectContaining({ kind: 'sum', memberId: null, holdId: 'h-none', position: made[0]!.globalPosition })]);
  });

  it('finds a hold settled a second time, which the domain’s fold ignores and the read model does not', async () => {
    const events = await append(['ann', grant('ann', 3)], ['ann', hold('ann', 'h1')], ['ann', refund('ann', 'h1')], ['ann', refund('ann', 'h1')]);
    await checkBatch(deps, events.slice(0, 3));
    await checkBatch(deps, events.slice(3));
    expect(found.map((f) => [f.kind, f.memberId, f.holdId])).toEqual(
      expect.arrayContaining([
        ['hold-settled-twice', 'ann', 'h1'],
        ['balance', 'ann', null],
      ]),
    );
    expect(found.find((f) => f.kind === 'balance')).toMatchObject({ expected: { available: 3, held: 0 }, found: { available: 4, held: -1 } });
  });
});
