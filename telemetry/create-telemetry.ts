// The telemetry store on the app's SQL database: migrations at start, batches written in one
// statement with their rollups and notice, and the retention on its own timer (an hour apart, the
// first run a minute after start so it never competes with start-up).
import type { SqlConnection } from '../eventstore/sql-database.js';
import { DEFAULT_ROWS_AS, TELEMETRY_CHANNEL, writeBatch, type RowsAs } from './batch-statement.js';
import { cleanUpTelemetry, type RetentionOptions } from './retention.js';
import { migrateTelemetry } from './tables.js';
import type { Telemetry, TelemetryNotice } from './types.js';

export interface TelemetryOptions {
  sql: Pick<SqlConnection, 'kind' | 'handle' | 'listen'>;
  clock: () => Date;
  retention: RetentionOptions;
  /** Between two cleanups; default an hour. 0 runs none on a timer (tests call cleanup()). */
  cleanupEveryMs?: number;
  /** Default: DEFAULT_ROWS_AS, the faster shape on both engines. */
  rowsAs?: RowsAs;
  onError?: (error: unknown) => void;
}

const HOUR_MS = 60 * 60 * 1000;
const FIRST_CLEANUP_MS = 60 * 1000;

export const createTelemetry = (options: TelemetryOptions): Telemetry => {
  const db = options.sql.handle;
  const every = options.cleanupEveryMs ?? HOUR_MS;
  const rowsAs = options.rowsAs ?? DEFAULT_ROWS_AS;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const cleanup = () => cleanUpTelemetry(db, options.clock(), options.retention);
  const schedule = (delay: number) => {
    if (stopped || every === 0) return;
    timer = setTimeout(() => {
      running = cleanup()
        .catch((error: unknown) => options.onError?.(error))
        .finally(() => schedule(every));
    }, delay);
    timer.unref();
  };

  return {
    async start() {
      await migrateTelemetry(db);
      schedule(Math.min(FIRST_CLEANUP_MS, every));
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    record: (batch) => writeBatch(db, batch, rowsAs),
    cleanup,
    onBatch: (listener) =>
      options.sql.listen(TELEMETRY_CHANNEL, (payload) => {
        try {
          listener(JSON.parse(payload) as TelemetryNotice);
        } catch (error) {
          options.onError?.(error);
        }
      }),
  };
};
