// 'Catching up' in a process standing by (PostgreSQL, several API processes; decisions 269 and
// decision 278): only the runtime holding a read model's lock rebuilds its new version, and it publishes the
// state and progress on the checkpoint row (status-publisher.ts). A runtime standing by for any
// follower reads the rows published as rebuilding back on a timer, one small query per interval and
// none while it stands by for nothing, so its rebuilding() answers every request from memory as the
// holder's does, at most an interval behind the holder.
import { sql } from 'kysely';
import type { SqlConnection } from '../../eventstore/sql-database.js';
import { CHECKPOINTS_TABLE } from './bookkeeping.js';
import type { RuntimeLogger } from './logger.js';

export interface StandbyRebuildsOptions {
  sql: SqlConnection;
  logger: RuntimeLogger;
  /** Whether a follower here stands by for another process now: only then are the rows read. */
  standingBy(): boolean;
  /** How often the rows are read: the holder publishes a rebuild's progress as often. */
  intervalMs: number;
}

type Progress = { done: number; total: number };

const none: ReadonlyMap<string, Progress> = new Map();

export const createStandbyRebuilds = (options: StandbyRebuildsOptions) => {
  /** By checkpoint row name: what the holders published as rebuilding at the last read. */
  let rebuilding = none;
  let timer: NodeJS.Timeout | null = null;
  let reading: Promise<void> | null = null;
  /** One warning per outage, not one per interval. */
  let failing = false;

  const read = (): Promise<void> => {
    if (reading) return reading;
    if (!options.standingBy()) {
      rebuilding = none;
      return Promise.resolve();
    }
    reading = (async () => {
      const { rows } = await sql<{ name: string; rebuild: Progress | null }>`select name, rebuild from ${sql.table(CHECKPOINTS_TABLE)}
        where state = 'rebuilding'`.execute(options.sql.handle);
      rebuilding = rows.length === 0 ? none : new Map(rows.map((row) => [row.name, row.rebuild ?? { done: 0, total: 0 }]));
      failing = false;
    })()
      .catch((error: unknown) => {
        // The last rows read stay: the database is away for a moment more often than a rebuild ends.
        if (!failing) options.logger.warn({ err: error }, 'could not read which read models other processes rebuild');
        failing = true;
      })
      .finally(() => (reading = null));
    return reading;
  };

  return {
    start(): void {
      timer = setInterval(() => void read(), options.intervalMs);
      timer.unref();
    },
    /** A follower began standing by: read now rather than at the next tick. */
    refresh: read,
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
      rebuilding = none;
    },
    /** The progress a holder published for this row while rebuilding it at a new version; undefined otherwise. */
    progressOf(rowName: string): Progress | undefined {
      return rebuilding.size === 0 ? undefined : rebuilding.get(rowName);
    },
  };
};
