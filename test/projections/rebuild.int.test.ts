import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testProjectors } from './support/projectors.js';
import { listCheckpointRows } from '../../projections/runtime/bookkeeping.js';
import { buildSchemaFor } from '../../projections/runtime/migrate.js';
import { silentLogger } from '../../projections/runtime/logger.js';
import { createProjectionRuntime } from '../../projections/runtime/projection-runtime.js';
import { rebuildProjectors, UnknownProjectorError } from '../../projections/rebuild/rebuild-projectors.js';
import type { RebuildProgress } from '../../projections/rebuild/rebuild-projector.js';
import { eventually, openHarness, type Harness } from './support/harness.js';
import { seedHistory } from './support/seed.js';
import { dropTables, dumpTables } from './support/table-dump.js';
import { testTargets, type TestDatabase } from './support/test-databases.js';

const headOf = async (h: Harness) => (await h.store.readAll({ after: null, limit: 1_000_000 })).at(-1)!.checkpoint;

const schemaNames = async (h: Harness) =>
  (await sql<{ schema_name: string }>`select schema_name from information_schema.schemata`.execute(h.sql.db)).rows.map((r) => r.schema_name);

describe.each(testTargets())('read-model rebuild on $kind', (target) => {
  let database: TestDatabase;
  let h: Harness;
  let reference: Record<string, unknown[]>;

  beforeAll(async () => {
    database = await target.create();
    h = await openHarness(database);
    await seedHistory(h.store, { members: 30, sessionsPerMember: 6 });
    // The reference: the read models as the live runtime builds them, batch after batch.
    const runtime = createProjectionRuntime({ sql: h.sql, store: h.store, projectors: testProjectors, logger: silentLogger, batchSize: 37 });
    await runtime.start();
    await runtime.waitFor(await headOf(h), 60_000);
    await runtime.stop();
    reference = await dumpTables(h.sql.db, testProjectors);
  });
  afterAll(async () => {
    await h?.close();
    await database?.destroy();
  });

  it('restores identical rows after every read-model table is dropped', async () => {
    expect(reference.members).toHaveLength(30);
    await dropTables(h.sql.db, testProjectors);
    const progress: RebuildProgress[] = [];
    const outcomes = await rebuildProjectors({ sql: h.sql, store: h.store, projectors: testProjectors, batchSize: 500, onProgress: (p) => progress.push(p) });
    expect(outcomes.map((o) => o.status)).toEqual(['swapped', 'swapped', 'swapped']);
    expect(await dumpTables(h.sql.db, testProjectors)).toEqual(reference);
    const head = await headOf(h);
    expect((await listCheckpointRows(h.sql.db)).map((r) => [r.name, r.checkpoint, r.status])).toEqual(testProjectors.map((p) => [p.name, head, 'running']).sort());
    const last = progress.filter((p) => p.projector === 'members').at(-1)!;
    expect(last).toMatchObject({ phase: 'swapped', done: last.total });
    expect(await schemaNames(h)).not.toContain(buildSchemaFor(testProjectors[0]!));
  });

  it('rebuilds only the read models named', async () => {
    await sql`delete from balances`.execute(h.sql.db);
    await sql`update members set name = 'tampered'`.execute(h.sql.db);
    const outcomes = await rebuildProjectors({ sql: h.sql, store: h.store, projectors: testProjectors, names: ['balances'] });
    expect(outcomes.map((o) => o.projector)).toEqual(['balances']);
    const dump = await dumpTables(h.sql.db, testProjectors);
    expect(dump.balances).toEqual(reference.balances);
    expect((dump.members as { name: string }[]).every((m) => m.name === 'tampered')).toBe(true);
    await rebuildProjectors({ sql: h.sql, store: h.store, projectors: testProjectors, names: ['members'] });
  });

  it('refuses unknown read-model names with the list of known ones', async () => {
    const error = await rebuildProjectors({ sql: h.sql, store: h.store, projectors: testProjectors, names: ['members', 'balance'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownProjectorError);
    expect((error as Error).message).toBe('Unknown read model: balance. Known: members, balances, ledger-transactions');
  });

  it('resumes an interrupted rebuild from where it stopped, to the same rows', async () => {
    const abort = new AbortController();
    const first = await rebuildProjectors({
      sql: h.sql,
      store: h.store,
      projectors: testProjectors,
      names: ['ledger-transactions'],
      batchSize: 200,
      signal: abort.signal,
      onProgress: (p) => {
        if (p.done >= 600) abort.abort();
      },
    });
    expect(first).toEqual([{ projector: 'ledger-transactions', status: 'aborted' }]);
    expect(await schemaNames(h)).toContain(buildSchemaFor({ name: 'ledger-transactions' }));
    const second = await rebuildProjectors({ sql: h.sql, store: h.store, projectors: testProjectors, names: ['ledger-transactions'], batchSize: 200 });
    expect(second[0]).toMatchObject({ status: 'swapped', resumed: true });
    expect(await dumpTables(h.sql.db, testProjectors)).toEqual(reference);
  });

  it('swaps in while a live runtime keeps applying new events, losing none', async () => {
    const runtime = createProjectionRuntime({ sql: h.sql, store: h.store, projectors: testProjectors, logger: silentLogger, batchSize: 5 });
    await runtime.start();
    try {
      const writer = (async () => {
        for (let i = 0; i < 40; i++) {
          await h.store.append(`ledger-live${i % 4}`, [
            {
              type: 'PointsGranted',
              data: { memberId: `live${i % 4}`, transactionId: `t${i}`, amount: 1, reason: 'correction', description: 'Live' },
              metadata: {
                eventId: randomUUID(),
                occurredAt: '2026-06-01T00:00:00.000Z',
                actorId: null,
                correlationId: randomUUID(),
                causationId: null,
                schemaVersion: 1,
              },
            },
          ]);
        }
      })();
      await rebuildProjectors({ sql: h.sql, store: h.store, projectors: testProjectors, batchSize: 50 });
      await writer;
      await runtime.waitFor(await headOf(h), 30_000);
      const live = await dumpTables(h.sql.db, testProjectors);
      expect((live.ledger_transactions as unknown[]).length).toBe((reference.ledger_transactions as unknown[]).length + 40);
      await runtime.stop();
      await rebuildProjectors({ sql: h.sql, store: h.store, projectors: testProjectors });
      expect(await dumpTables(h.sql.db, testProjectors)).toEqual(live);
    } finally {
      await runtime.stop();
    }
  });

  it('makes a runtime of the older version step aside once a newer version is swapped in', async () => {
    const members = testProjectors.find((p) => p.name === 'members')!;
    const runtime = createProjectionRuntime({ sql: h.sql, store: h.store, projectors: [members], logger: silentLogger });
    await runtime.start();
    try {
      await runtime.waitFor(await headOf(h));
      await rebuildProjectors({ sql: h.sql, store: h.store, projectors: [{ ...members, version: members.version + 1 }] });
      await h.store.append('member-after-upgrade', [
        {
          type: 'MemberRegistered',
          data: { memberId: 'after-upgrade', email: 'a@example.com', name: 'A', timeZone: 'UTC', registeredAt: '2026-06-02T00:00:00.000Z' },
          metadata: { eventId: randomUUID(), occurredAt: '2026-06-02T00:00:00.000Z', actorId: null, correlationId: randomUUID(), causationId: null, schemaVersion: 1 },
        },
      ]);
      await eventually(async () => (await runtime.status())[0]?.status === 'stopped');
      const row = (await listCheckpointRows(h.sql.db)).find((r) => r.name === 'members');
      expect(row?.version).toBe(members.version + 1);
      expect(h.store.compareCheckpoints(row!.checkpoint, await headOf(h))).toBeLessThan(0);
    } finally {
      await runtime.stop();
    }
  });
});
