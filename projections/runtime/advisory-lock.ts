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
  // The pool may hand out a connection the server has just ended (its notice not yet read): prove it
  // answers before any lock depends on it, or the caller tries again with another.
  try {
    await client.query('select 1');
  } catch (error) {
    client.release(true);
    throw error;
  }
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
    // These two statements fail only when the connection does: its locks are gone with it, so the
    // followers are restarted on a new one (an ended connection does not always emit 'error').
    queue = next.catch(onError);
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
      // Destroying the connection drops its locks only once the server notices it is gone, which may
      // be after the next holder asks for them: unlock them first, in answer, while it still speaks.
      if (!lost) await query('select pg_advisory_unlock_all()', []).catch(() => {});
      client.off('error', onError);
      client.release(true);
    },
  };
};
