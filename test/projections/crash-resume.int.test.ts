import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testProjectors } from './support/projectors.js';
import { listCheckpointRows } from '../../projections/runtime/bookkeeping.js';
import { rebuildProjectors } from '../../projections/rebuild/rebuild-projectors.js';
import { runChild } from './support/child-process.js';
import { openHarness } from './support/harness.js';
import { seedHistory } from './support/seed.js';
import { dropProjectionState, dumpTables } from './support/table-dump.js';
import { testTargets, type TestDatabase } from './support/test-databases.js';

// Each step opens the database, does its part and closes it again: a file-backed PGlite data
// directory belongs to one process at a time, so parent and child take turns.
const withHarness = async <T>(database: TestDatabase, fn: (h: Awaited<ReturnType<typeof openHarness>>) => Promise<T>): Promise<T> => {
  const h = await openHarness(database);
  try {
    return await fn(h);
  } finally {
    await h.close();
  }
};

// Each test runs two or three child processes that each open the file-backed database anew; on a
// loaded 2-core CI machine one test took more than the int tier's 30 s (6 s alone).
const CHILDREN_TIMEOUT = 120_000;

describe.each(testTargets())('read models after a SIGKILL on $kind', (target) => {
  let database: TestDatabase;
  let head: string;
  let reference: Record<string, unknown[]>;

  beforeAll(async () => {
    database = await target.create({ fileBacked: true });
    head = await withHarness(database, async (h) => {
      const seeded = await seedHistory(h.store, { members: 120, sessionsPerMember: 15 });
      // The reference: a rebuild in one go. Then forget it all, as on a fresh install.
      await rebuildProjectors({ sql: h.sql, store: h.store, projectors: testProjectors });
      reference = await dumpTables(h.sql.db, testProjectors);
      await dropProjectionState(h.sql.db, testProjectors);
      return seeded.last.checkpoint;
    });
    expect(reference.members).toHaveLength(120);
  }, CHILDREN_TIMEOUT);
  afterAll(async () => {
    await database?.destroy();
  });

  it(
    'resumes a catch-up killed mid-way to the rows of a rebuild in one go',
    async () => {
      const env = { ...database.env, HEAD: head, BATCH_SIZE: '20' };
      const killed = await runChild('catch-up', env, (_line, lines) => lines.length >= 100);
      expect(killed.signal).toBe('SIGKILL');
      expect(killed.lines).not.toContain('done');

      const midway = await withHarness(database, (h) => listCheckpointRows(h.sql.db));
      expect(midway.some((row) => row.checkpoint !== head)).toBe(true);

      const resumed = await runChild('catch-up', env);
      expect(resumed.stderr).toBe('');
      expect(resumed.lines.at(-1)).toBe('done');

      await withHarness(database, async (h) => {
        expect(await dumpTables(h.sql.db, testProjectors)).toEqual(reference);
        expect((await listCheckpointRows(h.sql.db)).map((r) => r.checkpoint)).toEqual(testProjectors.map(() => head));
      });
    },
    CHILDREN_TIMEOUT,
  );

  it(
    'resumes a rebuild killed mid-way and swaps in the same rows',
    async () => {
      await withHarness(database, (h) => rebuildProjectors({ sql: h.sql, store: h.store, projectors: testProjectors }));
      const env = { ...database.env, BATCH_SIZE: '250' };
      const killed = await runChild('rebuild', env, (line) => {
        const [word, projector, done] = line.split(' ');
        return word === 'progress' && projector === 'balances' && Number(done) >= 1500;
      });
      expect(killed.signal).toBe('SIGKILL');

      await withHarness(database, async (h) => {
        // Interrupted: the live tables are untouched and the build waits in its own schema.
        expect(await dumpTables(h.sql.db, testProjectors)).toEqual(reference);
        const schemas = await sql<{ schema_name: string }>`select schema_name from information_schema.schemata where schema_name like 'projection_build_%'`.execute(
          h.sql.db,
        );
        expect(schemas.rows.map((r) => r.schema_name)).toEqual(['projection_build_balances']);
      });

      const resumed = await runChild('rebuild', env);
      expect(resumed.stderr).toBe('');
      const outcomes = resumed.lines
        .filter((l) => l.startsWith('outcome '))
        .map((l) => JSON.parse(l.slice('outcome '.length)) as { projector: string; resumed: boolean; status: string });
      expect(outcomes.map((o) => [o.projector, o.status, o.resumed])).toEqual([
        ['members', 'swapped', false],
        ['balances', 'swapped', true],
        ['ledger-transactions', 'swapped', false],
      ]);

      await withHarness(database, async (h) => {
        expect(await dumpTables(h.sql.db, testProjectors)).toEqual(reference);
        expect((await listCheckpointRows(h.sql.db)).map((r) => r.checkpoint)).toEqual(testProjectors.map(() => head));
      });
    },
    CHILDREN_TIMEOUT,
  );
});
