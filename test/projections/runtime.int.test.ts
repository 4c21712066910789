import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberEvent } from '../../domain/member/events.js';
import type { DomainEvent, RecordedEvent } from '../../eventstore/types.js';
import { testProjectors } from './support/projectors.js';
import { getMember, listMembers } from '../../projections/members/queries.js';
import { membersProjector } from '../../projections/members/projector.js';
import { insertCheckpointRow, moveCheckpointAndNotify, readCheckpointRow } from '../../projections/runtime/bookkeeping.js';
import type { ReadModelsDb } from '../../projections/read-models.js';
import { WaitForTimeoutError } from '../../projections/runtime/errors.js';
import { createProjectionRuntime, type ProjectionRuntime } from '../../projections/runtime/projection-runtime.js';
import { silentLogger } from '../../projections/runtime/logger.js';
import { CHANGES_CHANNEL, parseChangesPayload, type ChangesPayload } from '../../projections/runtime/notices.js';
import { defineCustomProjection, defineProjection, type Recorded } from '../../projections/runtime/define-projection.js';
import { defineTable, text } from '../../projections/runtime/table.js';
import { eventually, openHarness, type Harness } from './support/harness.js';
import { seedHistory } from './support/seed.js';
import { dropProjectionState, dumpTables } from './support/table-dump.js';
import { testTargets, type TestDatabase } from './support/test-databases.js';

const meta = () => ({ eventId: randomUUID(), occurredAt: '2026-03-01T12:00:00.000Z', actorId: null, correlationId: randomUUID(), causationId: null, schemaVersion: 1 });
const memberEvent = (event: MemberEvent) => ({ type: event.type, data: event.data, metadata: meta() });
const register = (id: string) =>
  memberEvent({ type: 'MemberRegistered', data: { memberId: id, email: `${id}@example.com`, name: id, timeZone: 'UTC', registeredAt: '2026-03-01T12:00:00.000Z' } });

const biosTable = <const Name extends string>(name: Name) => defineTable({ name, key: ['event_id'], columns: { event_id: text(), bio: text() }, onConflict: 'nothing' });

/**
 * Records every profile bio it sees, and throws on the bio 'boom': a handler with a bug. A custom
 * projection, so its batches run in a transaction.
 */
const fragileProjector = defineCustomProjection({
  name: 'fragile',
  version: 1,
  migration: '20261122T1000-create-fragile-bios',
  tables: { fragile_bios: biosTable('fragile_bios') },
  canHandle: ['ProfileDetailsChanged'],
  async apply({ write }, events: readonly Recorded<MemberEvent>[]) {
    const rows = events.map((e) => ({ event_id: e.metadata.eventId, bio: (e.data as { bio?: string }).bio ?? '' }));
    if (rows.some((r) => r.bio === 'boom')) throw new Error('bio went boom');
    await write('fragile_bios', rows);
    return [];
  },
});

/**
 * A row projection: its rows reach the database only with the checkpoint, in one statement, so a row
 * the database refuses (a bio left null in a NOT NULL column) fails there, not in evolve.
 */
const oneStatementProjector = (name: string, handles: string[]) =>
  defineProjection({
    name,
    version: 1,
    migration: `20261122T1700-create-${name}-bios`,
    tables: { [`${name}_bios`]: biosTable(`${name}_bios`) },
    canHandle: handles,
    evolve(rows, event: Recorded<DomainEvent>) {
      rows[`${name}_bios`]!.put({ event_id: event.metadata.eventId, bio: (event.data as { bio: string }).bio ?? null });
    },
  });

describe.each(testTargets())('projection runtime on $kind', (target) => {
  let database: TestDatabase;
  let h: Harness;
  let runtime: ProjectionRuntime;

  beforeAll(async () => {
    database = await target.create();
    h = await openHarness(database);
    await seedHistory(h.store, { members: 20, sessionsPerMember: 4 });
    // A long polling interval: only the append hint can wake the projectors promptly.
    runtime = createProjectionRuntime({ sql: h.sql, store: h.store, projectors: testProjectors, logger: silentLogger, pollIntervalMs: 60_000, batchSize: 50 });
    await runtime.start();
  });
  afterAll(async () => {
    await runtime?.stop();
    await h?.close();
    await database?.destroy();
  });

  it('catches up on the existing log and then follows it live', async () => {
    const head = (await h.store.readAll({ after: null, limit: 100_000 })).at(-1)!.checkpoint;
    await runtime.waitFor(head, 30_000);
    const statuses = await runtime.status();
    expect(statuses.map((s) => [s.name, s.checkpoint, s.lag])).toEqual(testProjectors.map((p) => [p.name, head, 0]));
    expect((await getMember(h.sql.db, 'm00003'))?.points).toBeGreaterThan(0);
    await eventually(async () => (await runtime.status()).every((s) => s.status === 'live'));
  });

  it('resolves waitFor after an append, with the write visible to queries', async () => {
    const { checkpoint } = await h.store.append('member-newbie', [register('newbie')]);
    await runtime.waitFor(checkpoint, 5000);
    expect((await getMember(h.sql.db, 'newbie'))?.email).toBe('newbie@example.com');
  });

  it('rejects waitFor with a clear error when the read models never reach the checkpoint', async () => {
    const head = (await h.store.readAll({ after: null, limit: 100_000 })).at(-1)!.checkpoint;
    const [tx, pos] = head.split(':').map(BigInt) as [bigint, bigint];
    const future = `${tx + 1000n}:${pos + 1000n}`;
    const error = await runtime.waitFor(future, 200).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitForTimeoutError);
    expect((error as Error).message).toMatch(new RegExp(`did not reach checkpoint ${future} within 200 ms \\(behind: members at`));
  });

  it('sends the notices of a batch on LISTEN skillswap_changes once it commits', async () => {
    const received: ChangesPayload[] = [];
    const unlisten = await h.sql.listen(CHANGES_CHANNEL, (payload) => {
      const parsed = parseChangesPayload(payload);
      if (parsed) received.push(parsed);
    });
    try {
      const { checkpoint } = await h.store.append('member-listener', [
        register('listener'),
        memberEvent({ type: 'ProfileDetailsChanged', data: { memberId: 'listener', bio: 'hello' } }),
      ]);
      await runtime.waitFor(checkpoint);
      await eventually(() => received.some((p) => p.projector === 'members' && p.checkpoint === checkpoint));
      const members = received.find((p) => p.projector === 'members' && p.checkpoint === checkpoint)!;
      expect(members.notices).toEqual([
        { audience: { to: 'members', ids: ['listener'] }, payload: { type: 'changed', scope: 'user', id: 'listener', about: 'profile' } },
        { audience: { to: 'signed-in' }, payload: { type: 'changed', scope: 'members' } },
      ]);
    } finally {
      await unlisten();
    }
  });

  it('commits a batch without waiting for its WAL flush, and only that transaction', async () => {
    // Read models are derived: a batch lost in a crash goes with its checkpoint and is applied again.
    const move = { name: `async-commit-${randomUUID()}`, version: 1, from: null, to: '1:1' };
    await insertCheckpointRow(h.sql.db, move.name, move.version);
    const settings = await h.sql.db.connection().execute(async (connection) => {
      const inside = await connection.transaction().execute(async (trx) => {
        expect(await moveCheckpointAndNotify<ReadModelsDb>(trx, move, CHANGES_CHANNEL, [])).toBe(true);
        return (await sql<{ mode: string }>`select current_setting('synchronous_commit') as mode`.execute(trx)).rows[0]!.mode;
      });
      const after = (await sql<{ mode: string }>`select current_setting('synchronous_commit') as mode`.execute(connection)).rows[0]!.mode;
      return { inside, after };
    });
    expect(settings).toEqual({ inside: 'off', after: 'on' });
    expect((await readCheckpointRow(h.sql.db, move.name))?.checkpoint).toBe('1:1');
  });

  it('follows events it does not handle without applying them, and stores the position it reached', async () => {
    let applied = 0;
    const quiet = defineProjection({
      name: 'quiet',
      version: 1,
      migration: '20261122T1100-none',
      tables: {},
      canHandle: ['NothingThatHappens'],
      evolve: (_rows, _event: Recorded<DomainEvent>) => void (applied += 1),
    });
    const second = createProjectionRuntime({ sql: h.sql, store: h.store, projectors: [quiet], logger: silentLogger, pollIntervalMs: 60_000 });
    await second.start();
    try {
      const { checkpoint } = await h.store.append(`member-${randomUUID()}`, [register('quiet-one')]);
      await second.waitFor(checkpoint, 5000);
      await eventually(async () => (await readCheckpointRow(h.sql.db, 'quiet'))?.checkpoint === checkpoint);
      expect(applied).toBe(0);
    } finally {
      await second.stop();
    }
  });

  /**
   * A runtime whose one projector handles MemberRegistered with an evolve that changes no row (so its
   * position is kept lazily), started and idle with its row at the log's head.
   */
  const startWritesNothing = async (name: string) => {
    const counts = { applied: 0 };
    const idle = defineProjection({
      name,
      version: 1,
      migration: '20261122T1100-none',
      tables: {},
      canHandle: ['MemberRegistered'],
      evolve: (_rows, _event: Recorded<MemberEvent>) => void (counts.applied += 1),
    });
    const runtime = createProjectionRuntime({ sql: h.sql, store: h.store, projectors: [idle], logger: silentLogger, pollIntervalMs: 60_000, lazyCheckpointMs: 60_000 });
    await runtime.start();
    const before = (await h.store.readAll({ after: null, limit: 100_000 })).at(-1)!.checkpoint;
    await runtime.waitFor(before, 10_000);
    await eventually(async () => (await readCheckpointRow(h.sql.db, name))?.checkpoint === before, 10_000);
    return { runtime, before, counts };
  };

  it('applies a batch that changes no row without a statement, and stores its position once idle', async () => {
    // First the log so far, whose position the projector writes once it is idle.
    const { runtime: second, before, counts } = await startWritesNothing('writes-nothing');
    try {
      const { checkpoint } = await h.store.append(`member-${randomUUID()}`, [register('idle-one')]);
      await second.waitFor(checkpoint, 5000);
      expect(counts.applied).toBeGreaterThan(0);
      // Reached, not yet written: the batch sent no statement (a write would have moved the row with it).
      expect((await readCheckpointRow(h.sql.db, 'writes-nothing'))?.checkpoint).toBe(before);
      // Once its rechecks after the wake-up are over, the idle projector writes the position it reached.
      await eventually(async () => (await readCheckpointRow(h.sql.db, 'writes-nothing'))?.checkpoint === checkpoint, 10_000);
    } finally {
      await second.stop();
    }
  });

  it('writes the position it reached without a statement when it stops, before the lazy interval', async () => {
    const { runtime: second } = await startWritesNothing('writes-nothing-then-stops');
    const { checkpoint } = await h.store.append(`member-${randomUUID()}`, [register('stops-one')]);
    await second.waitFor(checkpoint, 5000);
    // Stopped at once: its rechecks after the wake-up (which would write the row) have not ended.
    await second.stop();
    expect((await readCheckpointRow(h.sql.db, 'writes-nothing-then-stops'))?.checkpoint).toBe(checkpoint);
  });

  it('stops only the projector whose handler throws, records the event, and keeps its checkpoint before it', async () => {
    const second = createProjectionRuntime({ sql: h.sql, store: h.store, projectors: [fragileProjector], logger: silentLogger, batchSize: 500 });
    const bio = (id: string, text: string) => memberEvent({ type: 'ProfileDetailsChanged', data: { memberId: id, bio: text } });
    await h.store.append('member-fragile', [register('fragile'), bio('fragile', 'fine')]);
    const bad = await h.store.append('member-fragile', [bio('fragile', 'boom')]);
    const after = await h.store.append('member-fragile', [bio('fragile', 'after the bug')]);
    await second.start();
    try {
      await eventually(async () => (await second.status())[0]?.status === 'failed', 20_000);
      const badEvent = (await h.store.readStream('member-fragile', { from: 2n, to: 2n }))[0] as RecordedEvent;
      const [status] = await second.status();
      expect(status?.failure).toMatchObject({
        eventType: 'ProfileDetailsChanged',
        position: badEvent.globalPosition.toString(),
        eventId: badEvent.metadata.eventId,
        error: 'bio went boom',
      });
      const row = await readCheckpointRow(h.sql.db, 'fragile');
      expect(row?.status).toBe('failed');
      expect(row?.failure?.checkpoint).toBe(bad.checkpoint);
      expect(h.store.compareCheckpoints(row!.checkpoint, bad.checkpoint)).toBeLessThan(0);
      // Everything before the bad event was applied; nothing after it.
      const bios = await h.sql.db.withTables<{ fragile_bios: { bio: string } }>().selectFrom('fragile_bios').select('bio').execute();
      expect(bios.map((b) => b.bio)).toContain('fine');
      expect(bios.map((b) => b.bio)).not.toContain('after the bug');
      // The other projectors went on past it.
      await runtime.waitFor(after.checkpoint);
      expect((await getMember(h.sql.db, 'fragile'))?.bio).toBe('after the bug');
      expect((await runtime.status()).every((s) => s.status === 'live' || s.status === 'catching-up')).toBe(true);
      // A failed projector is not waited for.
      await second.waitFor(after.checkpoint, 100);
    } finally {
      await second.stop();
    }
  });

  it('stops a one-statement projector at the event whose row the database refuses, with everything before it written', async () => {
    const strict = createProjectionRuntime({
      sql: h.sql,
      store: h.store,
      projectors: [oneStatementProjector('strict', ['ProfileDetailsChanged'])],
      logger: silentLogger,
      batchSize: 500,
    });
    const bio = (text: string) => memberEvent({ type: 'ProfileDetailsChanged', data: { memberId: 'strict', bio: text } });
    await h.store.append('member-strict', [register('strict'), bio('kept'), bio('also kept')]);
    // No bio: the row's bio is null, which its table refuses.
    const bad = await h.store.append('member-strict', [memberEvent({ type: 'ProfileDetailsChanged', data: { memberId: 'strict', name: 'refused' } })]);
    await h.store.append('member-strict', [bio('after the refusal')]);
    await strict.start();
    try {
      await eventually(async () => (await strict.status())[0]?.status === 'failed', 20_000);
      const [status] = await strict.status();
      expect(status?.failure).toMatchObject({ eventType: 'ProfileDetailsChanged', checkpoint: bad.checkpoint });
      expect(status?.failure?.error).toMatch(/not-null constraint/i);
      const ours = ['kept', 'also kept', 'after the refusal'];
      const bios = (await h.sql.db.withTables<{ strict_bios: { bio: string } }>().selectFrom('strict_bios').select('bio').execute())
        .map((b) => b.bio)
        .filter((b) => ours.includes(b));
      expect(bios.sort()).toEqual(['also kept', 'kept']);
      expect(h.store.compareCheckpoints((await readCheckpointRow(h.sql.db, 'strict'))!.checkpoint, bad.checkpoint)).toBeLessThan(0);
    } finally {
      await strict.stop();
    }
  });

  if (target.kind === 'postgres') {
    it('keeps a second runtime on standby while the first holds the projector locks', async () => {
      const standby = createProjectionRuntime({ sql: h.sql, store: h.store, projectors: testProjectors, logger: silentLogger, standbyRetryMs: 100 });
      await standby.start();
      try {
        // Standing by, it reports what the holder publishes, naming the holder.
        const holders = new Map((await runtime.status()).map((s) => [s.name, s.holder]));
        await eventually(async () => (await standby.status()).every((s) => !s.heldHere && s.holder !== null && s.holder === holders.get(s.name)));
        await runtime.stop();
        await eventually(async () => (await standby.status()).every((s) => s.heldHere && s.status === 'live'), 20_000);
        const { checkpoint } = await h.store.append('member-late', [register('late')]);
        await standby.waitFor(checkpoint);
        expect((await getMember(h.sql.db, 'late'))?.name).toBe('late');
      } finally {
        await standby.stop();
        runtime = createProjectionRuntime({ sql: h.sql, store: h.store, projectors: testProjectors, logger: silentLogger });
        await runtime.start();
      }
    });
  }

  if (target.kind === 'postgres') {
    it('takes its projectors back after the connection holding their locks is killed', async () => {
      const lockPids = async () =>
        (
          await sql<{
            pid: number;
          }>`select distinct pid from pg_locks where locktype = 'advisory' and classid = 736001 and database = (select oid from pg_database where datname = current_database())`.execute(
            h.sql.db,
          )
        ).rows.map((r) => r.pid);
      const [pid] = await lockPids();
      expect(pid).toBeDefined();
      await sql`select pg_terminate_backend(${pid})`.execute(h.sql.db);
      await eventually(async () => {
        const pids = await lockPids();
        return pids.length === 1 && pids[0] !== pid;
      }, 20_000);
      const { checkpoint } = await h.store.append('member-after-kill', [register('after-kill')]);
      await runtime.waitFor(checkpoint, 20_000);
      expect((await getMember(h.sql.db, 'after-kill'))?.name).toBe('after-kill');
    });
  }

  it('rebuilds a read model on start when its version changes, to the same rows', async () => {
    const head = (await h.store.readAll({ after: null, limit: 100_000 })).at(-1)!.checkpoint;
    await runtime.waitFor(head);
    const before = await dumpTables(h.sql.db, [membersProjector]);
    await runtime.stop();
    const bumped = { ...membersProjector, version: membersProjector.version + 1 };
    runtime = createProjectionRuntime({ sql: h.sql, store: h.store, projectors: [bumped], logger: silentLogger });
    await runtime.start();
    // waitFor does not wait for a read model while it rebuilds (writes never do): wait for the swap and catch-up.
    await eventually(async () => {
      const [status] = await runtime.status();
      return status?.status === 'live' && h.store.compareCheckpoints(status.checkpoint, head) >= 0;
    }, 30_000);
    expect((await readCheckpointRow(h.sql.db, 'members'))?.version).toBe(bumped.version);
    expect(await dumpTables(h.sql.db, [membersProjector])).toEqual(before);
  });

  it('has every table ready to query as soon as start resolves on a fresh install', async () => {
    await runtime.stop();
    await dropProjectionState(h.sql.db, testProjectors);
    runtime = createProjectionRuntime({ sql: h.sql, store: h.store, projectors: testProjectors, logger: silentLogger, batchSize: 10 });
    await runtime.start();
    // Catch-up has barely begun, yet queries already find their tables.
    await expect(listMembers(h.sql.db)).resolves.toBeInstanceOf(Array);
    const head = (await h.store.readAll({ after: null, limit: 100_000 })).at(-1)!.checkpoint;
    await runtime.waitFor(head, 30_000);
    expect((await listMembers(h.sql.db)).length).toBeGreaterThanOrEqual(20);
  });
});
