// Given events, then rows, for every batch split: the one way a read model's int test states what its
// projector writes (after emmett's PostgreSQLProjectionSpec). Call it at the top of a describe:
//
//   describe.each(testTargets())('messaging read model on $kind', (target) => {
//     const spec = projectionSpec(target, messagingProjector, { with: [membersProjector] });
//     it('lists the conversation for each member', () =>
//       spec.given(story.events).then(async (db) => expect(await listConversations(db, 'ada')).toEqual([...])));
//   });
//
// The runtime hands a projector batches of any size, and a projector must write the same rows for all, so
// `then` applies the events once per split: the whole log in one batch, one event per batch, and batches of
// 2 and 5 between them. Each split starts from empty tables and goes through the runtime's commit path
// (`commitBatch`: a planned batch as one statement with its checkpoint and NOTIFY, a custom one in a
// transaction), batching the log as the follower does (a batch may hold none of the projector's events).
// The check runs after each split, and the projector's tables must then hold the rows the first split
// left. `with` names read models the queries join (members, say): they get the same log in one batch
// before each split. One database per describe (a PGlite starts in about 1.5 s), its tables emptied
// between splits; a story is applied once per split, and later tests of the same story get a copy of
// the tables that split left.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import type { SqlDatabase } from '../../../eventstore/sql-database.js';
import type { RecordedEvent } from '../../../eventstore/types.js';
import type { ReadModelsDb } from '../../../projections/read-models.js';
import { ensureRuntimeTables, insertCheckpointRow } from '../../../projections/runtime/bookkeeping.js';
import { migrateProjector } from '../../../projections/runtime/migrate.js';
import type { ChangeNotice, Projector } from '../../../projections/types.js';
import { applyThroughCommits, BATCH_SPLITS, recordedLog, reset, type BatchSplit, type GivenEvent } from './batch-commits.js';
import { dumpTables } from './table-dump.js';
import type { TestDatabase, TestTarget } from './test-databases.js';

export { BATCH_SPLITS, recordedLog, type BatchSplit, type GivenEvent };

/** What a split did, for checks beyond the rows. */
export interface Applied {
  split: BatchSplit;
  /** The notices the tested projector's batches announced, in order (each projector's in turn, when several are tested). */
  notices: ChangeNotice[];
  /** The same, batch by batch (a batch that handled none of its events announces nothing). */
  noticesPerBatch: ChangeNotice[][];
}

export interface ProjectionSpec {
  /** The database the splits are written to (read inside a test). */
  readonly db: Kysely<ReadModelsDb>;
  given(events: readonly GivenEvent[]): {
    /** Applies the events in every split and runs `check` after each; a failure names the split. */
    then(check: (db: Kysely<ReadModelsDb>, applied: Applied) => unknown): Promise<void>;
    /** After every split, these tables of the projector hold exactly these rows (`dumpTables`: all columns, ordered by the first). */
    thenRows(expected: Record<string, unknown[]>): Promise<void>;
    /** Applies the events once, in one batch, onto empty tables, for a test that goes on from there. */
    apply(): Promise<Applied>;
  };
}

/** Rows in a fixed order (a table dump orders by its first column only), to compare one split's tables with another's. */
const canonical = (dump: Record<string, unknown[]>) =>
  Object.fromEntries(Object.entries(dump).map(([table, rows]) => [table, rows.map((row) => JSON.stringify(row)).sort()]));

const naming = (split: BatchSplit, error: unknown): unknown => {
  if (error instanceof Error) error.message = `[${split.name}] ${error.message}`;
  return error;
};

/** `tested`: the projector whose rows the tests state, or several read models of one feature, each fed every split. */
export const projectionSpec = (
  target: TestTarget,
  tested: Projector | readonly Projector[],
  options: { with?: readonly Projector[]; splits?: readonly BatchSplit[] } = {},
): ProjectionSpec => {
  const projectors: readonly Projector[] = Array.isArray(tested) ? tested : [tested as Projector];
  const others = options.with ?? [];
  const all = [...others, ...projectors];
  const splits = options.splits ?? BATCH_SPLITS;
  let database: TestDatabase | undefined;
  let connection: SqlDatabase<ReadModelsDb> | undefined;

  beforeAll(async () => {
    database = await target.create();
    connection = await database.open();
    await ensureRuntimeTables(connection.handle);
    for (const each of all) {
      await migrateProjector(connection.db, each, 'public');
      await insertCheckpointRow(connection.db, each.name, each.version);
    }
  });
  afterAll(async () => {
    await connection?.close();
    await database?.destroy();
  });

  const db = () => {
    if (!connection) throw new Error('The database opens before the tests: read it inside a test');
    return connection.db;
  };

  const tables = () => all.flatMap((each) => each.tables);
  /** The copy whose rows the tables hold now, if any. */
  let loaded: string | undefined;

  const applySplit = async (log: readonly RecordedEvent[], split: BatchSplit): Promise<Applied> => {
    loaded = undefined;
    for (const each of all) await reset(db(), each);
    for (const other of others) await applyThroughCommits(db(), other, log, Number.POSITIVE_INFINITY);
    const noticesPerBatch: ChangeNotice[][] = [];
    for (const projector of projectors) noticesPerBatch.push(...(await applyThroughCommits(db(), projector, log, split.size)));
    return { split, notices: noticesPerBatch.flat(), noticesPerBatch };
  };

  // Several tests of a file check the same story: each split is applied once (and its rows compared with
  // the first split's then), its tables copied into a schema of its own and put back for the next test (a
  // copy costs a statement per table, where applying the story event by event costs one per event).
  const stories = new Map<string, number>();
  const copies = new Map<string, Applied>();
  const copyOf = (story: number, split: BatchSplit) => `projection_spec_${story}_${splits.indexOf(split)}`;

  const loadSplit = async (story: number, log: readonly RecordedEvent[], split: BatchSplit): Promise<{ applied: Applied; fresh: boolean }> => {
    const schema = copyOf(story, split);
    const copied = copies.get(schema);
    if (copied && loaded !== schema) {
      await sql`truncate table ${sql.join(tables().map((table) => sql.table(table)))}`.execute(db());
      for (const table of tables()) await sql`insert into ${sql.table(table)} select * from ${sql.table(`${schema}.${table}`)}`.execute(db());
    }
    loaded = schema;
    if (copied) return { applied: copied, fresh: false };
    const applied = await applySplit(log, split);
    await db().schema.createSchema(schema).execute();
    for (const table of tables()) await sql`create table ${sql.table(`${schema}.${table}`)} as select * from ${sql.table(table)}`.execute(db());
    copies.set(schema, applied);
    return { applied, fresh: true };
  };

  const then = async (events: readonly GivenEvent[], check: (db: Kysely<ReadModelsDb>, applied: Applied) => unknown) => {
    const log = recordedLog(events);
    const text = JSON.stringify(log, (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
    if (!stories.has(text)) stories.set(text, stories.size);
    const story = stories.get(text)!;
    // The split a test before left loaded goes first: its tables need no copying back.
    const order = [...splits].sort((a, b) => Number(copyOf(story, b) === loaded) - Number(copyOf(story, a) === loaded));
    let first: Record<string, string[]> | undefined;
    for (const split of order) {
      const { applied, fresh } = await loadSplit(story, log, split);
      try {
        await check(db(), applied);
      } catch (error) {
        throw naming(split, error);
      }
      if (!fresh) continue;
      const rows = canonical(await dumpTables(db(), projectors));
      if (!first) first = rows;
      else expect(rows, `the rows after ${split.name}, as after ${order[0]!.name}`).toEqual(first);
    }
  };

  return {
    get db() {
      return db();
    },
    given: (events) => ({
      then: (check, reject?: (error: Error) => void) => {
        // An object with `then` is a thenable: `await spec.given(events)` would run the splits with resolve as the check.
        if (reject) {
          reject(new Error('spec.given(events) is not awaited: end it with .then(check) or .thenRows(rows)'));
          return Promise.resolve();
        }
        return then(events, check);
      },
      apply: () => applySplit(recordedLog(events), splits[0]!),
      thenRows: (expected) =>
        then(events, async (handle) => {
          const dump = await dumpTables(handle, projectors);
          expect(Object.fromEntries(Object.keys(expected).map((table) => [table, dump[table]]))).toEqual(expected);
        }),
    }),
  };
};
