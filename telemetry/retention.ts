// Retention: raw rows go after TELEMETRY_RETENTION_DAYS, hourly rollups after ROLLUP_HOURLY_RETENTION_DAYS;
// daily rollups and error groups stay. Deleted in small steps (rows found by the time index, BRIN on the
// raw tables and the primary key's leading hour on the rollups, a bounded batch per statement, a pause between), so a cleanup never holds long locks or one long transaction,
// and two processes cleaning at once skip each other's rows instead of waiting on them.
import { sql, type Kysely } from 'kysely';
import { HOURLY_ROLLUPS, RAW_TABLES, ROLLUP_HOURLY_RETENTION_DAYS } from './tables.js';
import type { CleanupResult } from './types.js';

export interface RetentionOptions {
  retentionDays: number;
  /** Rows per delete statement; default 1,000. */
  step?: number;
  /** Statements per table per run, so one run stays bounded; the next run goes on. Default 100. */
  maxSteps?: number;
  /** Pause between two statements; default 10 ms. */
  pauseMs?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const deleteStepwise = async (db: Kysely<unknown>, table: string, column: 'occurred_at' | 'hour', before: Date, o: Required<Omit<RetentionOptions, 'retentionDays'>>) => {
  let deleted = 0;
  for (let step = 0; step < o.maxSteps; step += 1) {
    // Hourly rollups have no id: their primary key starts with the hour, which serves as the index.
    const key = column === 'hour' ? sql`ctid` : sql`id`;
    const result = await sql`delete from ${sql.table(table)} where ${key} in (
        select ${key} from ${sql.table(table)} where ${sql.ref(column)} < ${before.toISOString()}::timestamptz
        limit ${o.step} for update skip locked)`.execute(db);
    const count = Number(result.numAffectedRows ?? 0);
    deleted += count;
    if (count < o.step) break;
    if (o.pauseMs > 0) await pause(o.pauseMs);
  }
  return deleted;
};

export const cleanUpTelemetry = async (db: Kysely<unknown>, now: Date, options: RetentionOptions): Promise<CleanupResult> => {
  const o = { step: options.step ?? 1000, maxSteps: options.maxSteps ?? 100, pauseMs: options.pauseMs ?? 10 };
  const rawBefore = new Date(now.getTime() - options.retentionDays * DAY_MS);
  const rollupBefore = new Date(now.getTime() - Math.max(ROLLUP_HOURLY_RETENTION_DAYS, options.retentionDays) * DAY_MS);
  let rawRows = 0;
  let rollupRows = 0;
  for (const table of RAW_TABLES) rawRows += await deleteStepwise(db, table, 'occurred_at', rawBefore, o);
  for (const table of HOURLY_ROLLUPS) rollupRows += await deleteStepwise(db, table, 'hour', rollupBefore, o);
  return { rawRows, rollupRows };
};
