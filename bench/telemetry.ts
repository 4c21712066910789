// Telemetry batch insert (issue 30): heat-map points written as the ingestion endpoint writes them,
// 500 a batch from 4 writers at once, each batch ONE statement that also keeps the heat map's hourly
// rollups and sends its notice; against a bare multi-row INSERT ... VALUES of the same rows into a plain
// table (primary key only) from the same 4 writers. Both on PostgreSQL, measured alternately.
// A batch is what POST /api/analytics/interactions receives: one tab's flush (its visitor and member
// are the batch's, api/contracts/heatmap.ts), points of the last flushEveryMs at the tab's one width,
// on one page or two (it navigated). Positions and actions stay random, the cells' worst case: nearly
// every point is a cell of its own (decision 374).
// The two ways the rows can travel (json_to_recordset, unnest) are measured on PostgreSQL and on PGlite
// too, for the choice of the default shape (DEFAULT_ROWS_AS; docs/performance.md).
import pg from 'pg';
import { sql } from 'kysely';
import { openSqlDatabase, type SqlDatabase } from '../eventstore/sql-database.js';
import { DEFAULT_ROWS_AS, writeBatch, type RowsAs } from '../telemetry/batch-statement.js';
import { migrateTelemetry, TELEMETRY_TABLES } from '../telemetry/tables.js';
import type { InteractionPoint } from '../telemetry/types.js';
import { INTERACTIONS_LIMITS } from '../api/contracts/heatmap-limits.js';
import { alternate, fmt, freshDatabase, median, type BenchResult } from './support.js';

const WRITERS = 4;
const BATCH = 500;
const BATCHES_PER_WRITER = 10;
const POINTS = WRITERS * BATCH * BATCHES_PER_WRITER;
const ROUNDS = 5;
const PATHS = ['/', '/feed', '/search', '/dashboard', '/notifications', '/profile/a', '/profile/b', '/reviews/a', '/messages', '/settings'];
const ACTIONS = ['click', 'hover', 'scroll', 'focus'] as const;

const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)]!;

const makeBatch = (): InteractionPoint[] => {
  const now = Date.now();
  const visitorId = `visitor-${Math.floor(Math.random() * 500)}`;
  const memberId = `member-${Math.floor(Math.random() * 200)}`;
  const viewportWidth = pick([390, 1280, 1440, 1920]);
  // Half the tabs navigated during the flush: the points after the switch are on the second page.
  const pages = [pick(PATHS), pick(PATHS)];
  const switchAt = Math.random() < 0.5 ? Math.floor(Math.random() * BATCH) : BATCH;
  return Array.from({ length: BATCH }, (_, i) => ({
    occurredAt: new Date(now - INTERACTIONS_LIMITS.flushEveryMs + Math.floor((i * INTERACTIONS_LIMITS.flushEveryMs) / BATCH)),
    path: pages[i < switchAt ? 0 : 1]!,
    action: pick(ACTIONS),
    x: Math.round(Math.random() * 10_000) / 10_000,
    y: Math.floor(Math.random() * 4000),
    viewportWidth,
    viewportHeight: 800,
    fixed: Math.random() < 0.1,
    memberId,
    visitorId,
  }));
};

const PLAIN_COLUMNS = ['occurred_at', 'path', 'action', 'x', 'y', 'viewport_width', 'viewport_height', 'fixed', 'member_id', 'visitor_id'] as const;
const plainValues = (p: InteractionPoint) => [
  p.occurredAt.toISOString(),
  p.path,
  p.action,
  p.x,
  p.y,
  p.viewportWidth,
  p.viewportHeight,
  p.fixed,
  p.memberId,
  p.visitorId,
];
const plainInsert = `insert into plain_interactions (${PLAIN_COLUMNS.join(', ')}) values ${Array.from(
  { length: BATCH },
  (_, r) => `(${PLAIN_COLUMNS.map((_, c) => `$${r * PLAIN_COLUMNS.length + c + 1}`).join(', ')})`,
).join(', ')}`;

/** Points per second of `write` over WRITERS concurrent writers, each writing its batches in turn. */
const pointsPerSecond = async (batches: InteractionPoint[][][], write: (batch: InteractionPoint[]) => Promise<unknown>) => {
  const started = performance.now();
  await Promise.all(
    batches.map(async (own) => {
      for (const batch of own) await write(batch);
    }),
  );
  return POINTS / ((performance.now() - started) / 1000);
};
const freshBatches = () => Array.from({ length: WRITERS }, () => Array.from({ length: BATCHES_PER_WRITER }, makeBatch));

const truncate = (db: SqlDatabase<unknown>) => sql`truncate ${sql.join(Object.values(TELEMETRY_TABLES).map((t) => sql.table(t)))}`.execute(db.handle);

/** json and unnest side by side on one database (several rounds, medians; tables emptied between rounds). */
const compareRowsAs = async (db: SqlDatabase<unknown>, writers: number) => {
  const runs: Record<RowsAs, number[]> = { json: [], unnest: [] };
  for (let round = 0; round < 3; round += 1) {
    for (const rowsAs of ['json', 'unnest'] as const) {
      await truncate(db);
      const batches = freshBatches().slice(0, writers);
      const started = performance.now();
      await Promise.all(
        batches.map(async (own) => {
          for (const batch of own) await writeBatch(db.handle, { interactions: batch }, rowsAs);
        }),
      );
      runs[rowsAs].push((writers * BATCHES_PER_WRITER * BATCH) / ((performance.now() - started) / 1000));
    }
  }
  return { json: median(runs.json), unnest: median(runs.unnest) };
};

export const benchTelemetry = async (): Promise<BenchResult> => {
  const database = await freshDatabase('telemetry');
  const db = await openSqlDatabase<unknown>({ url: database.url, poolSize: WRITERS });
  const raw = new pg.Pool({ connectionString: database.url, max: WRITERS });
  let pglite: SqlDatabase<unknown> | null = null;
  try {
    await migrateTelemetry(db.handle);
    await raw.query(`create table plain_interactions (id bigint generated always as identity primary key, occurred_at timestamptz not null,
      path text not null, action text not null, x real not null, y integer not null, viewport_width integer not null,
      viewport_height integer not null, fixed boolean not null, member_id text, visitor_id text)`);
    // Warm both paths (plans, the pool's connections) before measuring.
    await writeBatch(db.handle, { interactions: makeBatch() }, DEFAULT_ROWS_AS);
    await raw.query(plainInsert, makeBatch().flatMap(plainValues));

    const { subject, baseline, subjectRuns, baselineRuns } = await alternate(
      ROUNDS,
      () => pointsPerSecond(freshBatches(), (batch) => writeBatch(db.handle, { interactions: batch }, DEFAULT_ROWS_AS)),
      () => pointsPerSecond(freshBatches(), (batch) => raw.query(plainInsert, batch.flatMap(plainValues))),
    );
    const postgres = await compareRowsAs(db, WRITERS);
    pglite = await openSqlDatabase<unknown>({ dataDir: 'memory' });
    await migrateTelemetry(pglite.handle);
    // PGlite has one connection: one writer.
    const embedded = await compareRowsAs(pglite, 1);
    const ratio = subject / baseline;
    return {
      name: 'Telemetry batch insert',
      subject: `${BATCH}-point batches with their heat-map cells and notice (${DEFAULT_ROWS_AS}), ${WRITERS} writers`,
      baseline: `bare ${BATCH}-row INSERT ... VALUES into a plain table, ${WRITERS} writers`,
      subjectValue: subject,
      baselineValue: baseline,
      unit: 'points/s',
      ratio,
      target: '>= 5,000 points/s and >= 50% of the bare insert',
      pass: subject >= 5000 && ratio >= 0.5,
      notes:
        `${ROUNDS} alternated rounds of ${fmt(POINTS)} points (medians; subject ${subjectRuns.map((v) => fmt(v)).join(', ')}; ` +
        `baseline ${baselineRuns.map((v) => fmt(v)).join(', ')}). Rows as json_to_recordset vs unnest, points/s: ` +
        `PostgreSQL ${fmt(postgres.json)} vs ${fmt(postgres.unnest)}; PGlite (1 writer) ${fmt(embedded.json)} vs ${fmt(embedded.unnest)}.`,
    };
  } finally {
    await pglite?.close();
    await raw.end();
    await db.close();
    await database.drop();
  }
};
