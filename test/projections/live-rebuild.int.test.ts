// The operators' `rebuild` control (projections/runtime/live-rebuilds.ts, DESIGN.md §13): a read model is
// rebuilt blue/green inside the running process while its live follower goes on writing the old tables,
// so members read their own writes at once throughout, and at the swap no write disappears.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { requestProjectionRebuild } from '../../commands/follower-operations/request-projection-rebuild.js';
import { wireCommands } from '../../commands/wiring.js';
import { FOLLOWER_OPERATIONS_STREAM } from '../../domain/follower-operations/events.js';
import type { Checkpoint } from '../../eventstore/types.js';
import { balancesProjector } from '../../projections/balances/projector.js';
import { ledgerTransactionsProjector } from '../../projections/ledger-transactions/projector.js';
import { membersProjector } from '../../projections/members/projector.js';
import { FollowerControlError, type FollowerStatus } from '../../projections/runtime/follower-operations.js';
import { buildSchemaFor } from '../../projections/runtime/migrate.js';
import type { ProjectionRuntime } from '../../projections/runtime/projection-runtime.js';
import { rebuildProjectors } from '../../projections/rebuild/rebuild-projectors.js';
import type { Projector } from '../../projections/types.js';
import { followerRuntimes } from './support/follower-runtimes.js';
import { eventually, type Harness } from './support/harness.js';
import { testProjectors } from './support/projectors.js';
import { seedHistory } from './support/seed.js';
import { dumpTables } from './support/table-dump.js';
import { testTargets } from './support/test-databases.js';

const meta = () => ({ eventId: randomUUID(), occurredAt: new Date().toISOString(), actorId: null, correlationId: randomUUID(), causationId: null, schemaVersion: 1 });
const grant = (memberId: string, transactionId: string) => ({
  type: 'PointsGranted',
  data: { memberId, transactionId, amount: 1, reason: 'correction', description: 'Live' },
  metadata: meta(),
});

const headOf = async (h: Harness): Promise<Checkpoint> => (await h.store.readAll({ after: null, limit: 1_000_000 })).at(-1)!.checkpoint;

/** What a member sees of their points: their ledger rows and their balance. */
const pointsOf = async (h: Harness, memberId: string) => {
  const rows = await sql<{ id: string }>`select id from ledger_transactions where member_id = ${memberId}`.execute(h.sql.db);
  const balance = await sql<{ available_points: number }>`select available_points from balances where member_id = ${memberId}`.execute(h.sql.db);
  return { transactions: rows.rows.length, available: Number(balance.rows[0]?.available_points ?? 0) };
};

/**
 * A turn of the event loop. On PGlite a query settles in microtasks alone, so a loop of queries (a
 * member writing and reading back, an operator polling status) never lets timers or the rebuild's own
 * turns between batches run unless it takes one, as requests arriving over a socket do.
 */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

const statusOf = async (runtime: ProjectionRuntime, name: string): Promise<FollowerStatus> => (await runtime.status()).find((s) => s.name === name)!;

describe.each(testTargets())('rebuilding a running read model on $kind', (target) => {
  const followers = followerRuntimes(target);

  it('rebuilds beside the live follower with progress, to the rows it had plus the writes made meanwhile', async () => {
    const { h } = followers;
    await seedHistory(h.store, { members: 60, sessionsPerMember: 6 });
    const runtime = await followers.start({ projectors: testProjectors, liveRebuildBatchSize: 100 });
    await runtime.waitFor(await headOf(h), 20_000);
    const before = await dumpTables(h.sql.db, testProjectors);
    // A row the log does not say: the rebuild replaces it with what the log says.
    await sql`update ledger_transactions set description = 'tampered' where member_id = 'm00007'`.execute(h.sql.db);

    const { finished } = await runtime.rebuild('ledger-transactions', { actorId: 'admin-1' });
    const seen: FollowerStatus[] = [];
    let settled = false;
    void finished.finally(() => (settled = true));
    let written = 0;
    while (!settled) {
      await nextTurn();
      const status = await statusOf(runtime, 'ledger-transactions');
      if (status.rebuild) seen.push(status);
      if (written < 5) await h.store.append(`ledger-meanwhile`, [grant('meanwhile', `meanwhile-${written++}`)]);
    }
    expect(await finished).toMatchObject({ status: 'swapped' });

    // Progress moved while the status stayed that of the live follower, which writes were waiting for.
    const partway = seen.filter((s) => s.rebuild!.done > 0 && s.rebuild!.done < s.rebuild!.total);
    expect(partway.length).toBeGreaterThan(0);
    expect(seen.every((s) => s.status === 'live' || s.status === 'catching-up')).toBe(true);
    expect((await statusOf(runtime, 'ledger-transactions')).rebuild).toBeNull();

    await runtime.waitFor(await headOf(h));
    const after = await dumpTables(h.sql.db, testProjectors);
    type Row = { member_id: string };
    const others = (rows: unknown[]) => (rows as Row[]).filter((r) => r.member_id !== 'meanwhile');
    expect(others(after.ledger_transactions!)).toEqual(before.ledger_transactions);
    expect((after.ledger_transactions as Row[]).filter((r) => r.member_id === 'meanwhile')).toHaveLength(written);
    expect(others(after.balances!)).toEqual(before.balances);
    expect(after.members).toEqual(before.members);
  });

  it('keeps members reading their own writes at once before, during and right after the swap', async () => {
    const { h } = followers;
    await seedHistory(h.store, { members: 200, sessionsPerMember: 6 });
    const runtime = await followers.start({ projectors: testProjectors, liveRebuildBatchSize: 250 });
    await runtime.waitFor(await headOf(h), 30_000);

    let phase: 'before' | 'during' | 'after' = 'before';
    let stop = false;
    const writes = { before: 0, during: 0, after: 0 };
    const timeouts: string[] = [];
    const wrong: string[] = [];
    const writer = async (k: number) => {
      const memberId = `writer${k}`;
      for (let i = 0; !stop; i++) {
        await nextTurn();
        const at = phase;
        const { checkpoint } = await h.store.append(`ledger-${memberId}`, [grant(memberId, `${memberId}-${i}`)]);
        try {
          await runtime.waitFor(checkpoint);
        } catch (error) {
          timeouts.push(`${memberId} #${i} (${at}): ${(error as Error).message}`);
        }
        // Read back at once: this write and every earlier one of the member, each once.
        const seen = await pointsOf(h, memberId);
        if (seen.transactions !== i + 1 || seen.available !== i + 1) wrong.push(`${memberId} #${i} (${at}): ${JSON.stringify(seen)}`);
        writes[at === phase ? at : 'during'] += 1;
      }
    };
    const writers = Promise.all([0, 1, 2, 3].map(writer));
    try {
      await eventually(() => writes.before >= 8, 20_000);
      phase = 'during';
      // The largest read model and the one whose rows add up each event's change, rebuilt at once.
      const rebuilds = await Promise.all([runtime.rebuild('ledger-transactions'), runtime.rebuild('balances')]);
      const results = await Promise.all(rebuilds.map((r) => r.finished));
      phase = 'after';
      expect(results.map((r) => r.status)).toEqual(['swapped', 'swapped']);
      await eventually(() => writes.after >= 8, 20_000);
    } finally {
      stop = true;
      await writers;
    }

    expect(timeouts).toEqual([]);
    expect(wrong).toEqual([]);
    expect(writes.during).toBeGreaterThan(0);

    // The swapped-in tables and the live writes since are what a rebuild from scratch makes: nothing applied twice or lost.
    await runtime.waitFor(await headOf(h));
    const live = await dumpTables(h.sql.db, testProjectors);
    await runtime.stop();
    await rebuildProjectors({ sql: h.sql, store: h.store, projectors: testProjectors, names: ['ledger-transactions', 'balances'] });
    expect(await dumpTables(h.sql.db, testProjectors)).toEqual(live);
  });

  it('refuses a second rebuild of a read model while one runs, a reactor, and a name no follower has', async () => {
    const { h } = followers;
    await seedHistory(h.store, { members: 20, sessionsPerMember: 6 });
    const runtime = await followers.start({
      projectors: testProjectors,
      reactors: [{ name: 'noop', handles: ['Pinged'], react: async () => {} }],
      liveRebuildBatchSize: 50,
    });
    await runtime.waitFor(await headOf(h), 20_000);
    const first = await runtime.rebuild('ledger-transactions');
    await expect(runtime.rebuild('ledger-transactions')).rejects.toMatchObject({ code: 'CONFLICT' });
    const unknown = await runtime.rebuild('ledger').catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(FollowerControlError);
    expect(unknown).toMatchObject({ code: 'NOT_FOUND' });
    // A reactor has no read model to rebuild.
    await expect(runtime.rebuild('noop')).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await first.finished).toMatchObject({ status: 'swapped' });
    // Once swapped in, the read model can be rebuilt again.
    const again = await runtime.rebuild('ledger-transactions');
    expect(await again.finished).toMatchObject({ status: 'swapped' });
  });

  it('stops a rebuild between batches when the runtime stops, leaving its build for the next rebuild to finish', async () => {
    const { h } = followers;
    await seedHistory(h.store, { members: 60, sessionsPerMember: 6 });
    const schemas = async () =>
      (await sql<{ schema_name: string }>`select schema_name from information_schema.schemata`.execute(h.sql.db)).rows.map((r) => r.schema_name);
    const first = await followers.start({ projectors: testProjectors, liveRebuildBatchSize: 20 });
    await first.waitFor(await headOf(h), 20_000);
    const before = await dumpTables(h.sql.db, testProjectors);
    const { finished } = await first.rebuild('ledger-transactions');
    await eventually(async () => ((await statusOf(first, 'ledger-transactions')).rebuild?.done ?? 0) > 0);
    await first.stop();
    expect(await finished).toEqual({ status: 'stopped' });
    expect(await schemas()).toContain(buildSchemaFor({ name: 'ledger-transactions' }));

    const second = await followers.start({ projectors: testProjectors, liveRebuildBatchSize: 20 });
    await second.waitFor(await headOf(h), 20_000);
    expect(await (await second.rebuild('ledger-transactions')).finished).toMatchObject({ status: 'swapped' });
    expect(await schemas()).not.toContain(buildSchemaFor({ name: 'ledger-transactions' }));
    expect(await dumpTables(h.sql.db, testProjectors)).toEqual(before);
  });

  it('records who asked for a rebuild and why before it begins, and shows one that failed in status until another begins', async () => {
    const { h } = followers;
    await seedHistory(h.store, { members: 10, sessionsPerMember: 2 });
    const commands = wireCommands({ store: h.store });
    const recording = { fails: false };
    const failing = { on: false };
    // The live follower writes through the projector's plan; the build applies events with `apply`, which fails on demand.
    const flaky: Projector = {
      ...ledgerTransactionsProjector,
      async apply(db, events) {
        if (failing.on) throw new Error('the build cannot be written');
        return ledgerTransactionsProjector.apply(db, events);
      },
    };
    const runtime = await followers.start({
      projectors: [membersProjector, balancesProjector, flaky],
      liveRebuildBatchSize: 50,
      recordRebuild: async (request) => {
        if (recording.fails) throw new Error('the event store is away');
        await requestProjectionRebuild(commands, request, new Date().toISOString());
      },
    });
    await runtime.waitFor(await headOf(h), 20_000);
    const rebuildsRecorded = async () => (await h.store.readStream(FOLLOWER_OPERATIONS_STREAM)).filter((e) => e.type === 'ProjectionRebuildRequested');

    // No record, no rebuild: refused, and nothing is left held that would refuse the next one.
    recording.fails = true;
    await expect(runtime.rebuild('ledger-transactions', { actorId: 'admin-0' })).rejects.toThrow('the event store is away');
    expect(await statusOf(runtime, 'ledger-transactions')).toMatchObject({ rebuild: null, rebuildFailure: null });
    recording.fails = false;

    failing.on = true;
    const { finished } = await runtime.rebuild('ledger-transactions', { actorId: 'admin-1', reason: '  rows tampered with  ' });
    expect(await finished).toMatchObject({ status: 'failed', error: expect.stringContaining('the build cannot be written') });
    const failed = await statusOf(runtime, 'ledger-transactions');
    // The live follower goes on; the status says the rebuild failed, what it threw and who had asked.
    expect(failed).toMatchObject({ status: 'live', rebuild: null, rebuildFailure: { error: expect.stringContaining('the build cannot be written'), by: 'admin-1' } });
    expect(Date.now() - Date.parse(failed.rebuildFailure!.failedAt)).toBeLessThan(60_000);
    expect((await statusOf(runtime, 'members')).rebuildFailure).toBeNull();

    failing.on = false;
    const again = await runtime.rebuild('ledger-transactions', { actorId: 'admin-2' });
    // A rebuild refused while one runs is not recorded.
    await expect(runtime.rebuild('ledger-transactions', { actorId: 'admin-3' })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await statusOf(runtime, 'ledger-transactions')).rebuildFailure).toBeNull();
    expect(await again.finished).toMatchObject({ status: 'swapped' });
    expect((await statusOf(runtime, 'ledger-transactions')).rebuildFailure).toBeNull();

    const recorded = await rebuildsRecorded();
    const version = ledgerTransactionsProjector.version;
    expect(recorded.map((e) => e.data)).toEqual([
      { projection: 'ledger-transactions', version, reason: 'rows tampered with', requestedBy: 'admin-1', requestedAt: expect.any(String) },
      { projection: 'ledger-transactions', version, reason: null, requestedBy: 'admin-2', requestedAt: expect.any(String) },
    ]);
    expect(recorded.map((e) => e.metadata.actorId)).toEqual(['admin-1', 'admin-2']);
  });
});
