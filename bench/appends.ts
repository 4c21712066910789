// (a) Single-event appends from 8 concurrent writers on PostgreSQL, against a baseline of plain
// single-row INSERT statements (each its own transaction) at the same concurrency into a table of the
// same shape. Both sides are measured alternately in one run; the ratio is of medians.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openSqlDatabase } from '../eventstore/sql-database.js';
import { createSqlEventStore } from '../eventstore/sql-event-store.js';
import type { BenchResult } from './support.js';
import { alternate, freshDatabase } from './support.js';
import type { ReadModelsDb } from '../projections/read-models.js';

const WRITERS = 8;
const PER_WRITER = 500;

const metadata = () => ({
  eventId: randomUUID(),
  occurredAt: new Date().toISOString(),
  actorId: null,
  correlationId: randomUUID(),
  causationId: null,
  schemaVersion: 1,
});

export const benchAppends = async (): Promise<BenchResult> => {
  const database = await freshDatabase('appends');
  const sql = await openSqlDatabase<ReadModelsDb>({ url: database.url, poolSize: WRITERS });
  const store = await createSqlEventStore(sql);
  const raw = new pg.Pool({ connectionString: database.url, max: WRITERS });
  await raw.query(`create table baseline_events (global_position bigserial primary key, stream_id text not null,
    stream_position bigint not null, event_id uuid not null unique, type text not null, data jsonb not null,
    metadata jsonb not null, created_at timestamptz not null default now())`);
  try {
    let round = 0;
    const subject = async () => {
      round += 1;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: WRITERS }, async (_, w) => {
          const stream = `bench-${round}-${w}`;
          for (let i = 0; i < PER_WRITER; i += 1) {
            await store.append(stream, [{ type: 'PointsGranted', data: { amount: 1, i }, metadata: metadata() }], {
              expectedRevision: i === 0 ? 'no_stream' : BigInt(i - 1),
            });
          }
        }),
      );
      return (WRITERS * PER_WRITER) / ((performance.now() - started) / 1000);
    };
    const baseline = async () => {
      round += 1;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: WRITERS }, async (_, w) => {
          const stream = `base-${round}-${w}`;
          for (let i = 0; i < PER_WRITER; i += 1) {
            const m = metadata();
            await raw.query('insert into baseline_events (stream_id, stream_position, event_id, type, data, metadata) values ($1, $2, $3, $4, $5, $6)', [
              stream,
              i,
              m.eventId,
              'PointsGranted',
              JSON.stringify({ amount: 1, i }),
              JSON.stringify(m),
            ]);
          }
        }),
      );
      return (WRITERS * PER_WRITER) / ((performance.now() - started) / 1000);
    };
    await subject(); // warm-up of both paths (connections, plans)
    await baseline();
    const m = await alternate(5, subject, baseline);
    const ratio = m.subject / m.baseline;
    return {
      name: 'Appends, 8 concurrent writers (PostgreSQL)',
      subject: 'EventStore.append, one event, exact expected revision',
      baseline: 'single-row INSERT statement (autocommit) into a table of the same shape',
      subjectValue: m.subject,
      baselineValue: m.baseline,
      unit: 'events/s',
      ratio,
      target: '>= 50% of baseline and >= 2,000 events/s',
      pass: ratio >= 0.5 && m.subject >= 2000,
      notes: `runs (events/s) subject ${m.subjectRuns.map(Math.round).join(', ')}; baseline ${m.baselineRuns.map(Math.round).join(', ')}`,
    };
  } finally {
    await raw.end();
    await store.close();
    await sql.close();
    await database.drop();
  }
};
