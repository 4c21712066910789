// One active runtime per projector: a session-level advisory lock held on a dedicated connection for
// as long as the projector runs. If the connection drops the lock is gone, so the holder reports it and
// the projector steps down. PGlite has one process owning the data directory: the lock is trivially held.
import type pg from 'pg';
import type { SqlConnection } from '../../eventstore/sql-database.js';

/** Distinguishes our advisory locks from anyone else's (pg_advisory_lock(int4, int4)). */
export const LOCK_CLASS = { projector: 736_001, rebuild: 736_002, reactor: 736_003 } as const;

export interface LockHolder {
  tryAcquire(kind: keyof typeof LOCK_CLASS, name: string): Promise<boolean>;
  release(kind: keyof typeof LOCK_CLASS, name: string): Promise<void>;
  /** Called once if the dedicated connection is lost (every lock with it). */
  onLost(listener: () => void): void;
  close(): Promise<void>;
}

export const createLockHolder = async (sql: SqlConnection): Promise<LockHolder> => {
  if (!sql.pool) {
    return {
      tryAcquire: async () => true,
      release: async () => {},
      onLost: () => {},
      close: async () => {},
    };
  }
  const client: pg.PoolClient = await sql.pool.connect();
  const listeners: (() => void)[] = [];
  let lost = false;
  const onError = () => {
    if (lost) return;
    lost = true;
    for (const listener of listeners) listener();
  };
  client.on('error', onError);
  // Every worker shares this connection; one query at a time (pg queues, but warns and will refuse).
  let queue: Promise<unknown> = Promise.resolve();
  const query = <R extends pg.QueryResultRow>(text: string, values: unknown[]) => {
    const next = queue.then(() => client.query<R>(text, values));
    queue = next.catch(() => {});
    return next;
  };
  return {
    async tryAcquire(kind, name) {
      if (lost) return false;
      const result = await query<{ locked: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as locked', [LOCK_CLASS[kind], name]);
      return result.rows[0]?.locked === true;
    },
    async release(kind, name) {
      if (lost) return;
      await query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS[kind], name]);
    },
    onLost(listener) {
      listeners.push(listener);
    },
    async close() {
      client.off('error', onError);
      // Destroying the connection (release(true)) drops every lock it held in one step.
      client.release(true);
    },
  };
};
