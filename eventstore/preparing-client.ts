// A pg Client that runs every parameterised query as a named prepared statement, so PostgreSQL parses
// and plans each distinct SQL text once per connection instead of on every call. The hot paths (the
// session answer, stream reads, appends, projector batches) repeat a handful of texts thousands of
// times; planning the session answer alone took more PostgreSQL time than executing it.
//
// Two things can go wrong with a statement kept across calls, and both are handled here:
// - a table it reads was replaced with other columns (a rebuild swapped in a new version): PostgreSQL
//   answers 'cached plan must not change result type'. The statement is dropped and, outside a
//   transaction, the call is retried once; inside one the error goes up (the caller's transaction is
//   aborted anyway) and isTransient() lets the projector run the batch again.
// - too many distinct texts (generated IN lists of every length): past MAX_PREPARED per connection,
//   new texts run unnamed as before.
//
// It is also where a lost connection is dealt with, since every client of the pool is one of these: a
// checked-out client whose connection dies emits 'error' on itself, which the pool's own handler covers
// only while the client is idle; unheard, it ends the process. Here every client always has a handler,
// its failed query carries the error, and the error is marked when the statement in flight may have
// committed (connection-lost.ts).
import { createHash } from 'node:crypto';
import pg from 'pg';
import { isConnectionLost, markOutcomeUnknown, mayCommit } from './connection-lost.js';

const MAX_PREPARED = 256;
const names = new Map<string, string>();

const nameFor = (text: string): string => {
  let name = names.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    if (names.size < 4 * MAX_PREPARED) names.set(text, name);
  }
  return name;
};

export const isStalePlanError = (error: unknown): boolean =>
  error instanceof Error && (error as { code?: unknown }).code === '0A000' && /cached plan must not change result type/.test(error.message);

interface ConnectionInternals {
  parsedStatements: Record<string, string>;
}

export class PreparingClient extends pg.Client {
  /** Statements to deallocate before the next query, once no transaction is open. */
  private readonly stale = new Set<string>();
  private preparedCount = 0;
  /** The connection died while a statement that may have committed was in flight. */
  private lostWhileCommitting = false;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // The queries in flight fail with the error; the pool drops the client when it comes back.
    this.on('error', () => {});
  }

  private get internals(): ConnectionInternals {
    return (this as unknown as { connection: ConnectionInternals }).connection;
  }

  // pg's query() has many overloads; only the promise forms with a text (the ones kysely uses) are changed:
  // (text, values) with values runs as a prepared statement, and all of them mark a lost connection.
  override query(...args: any[]): any {
    const [text, values, callback] = args;
    if (typeof text !== 'string' || typeof values === 'function' || callback !== undefined) {
      return (super.query as (...a: any[]) => any)(...args);
    }
    const committing = mayCommit(text, this.getTransactionStatus());
    const result: Promise<pg.QueryResult> =
      Array.isArray(values) && values.length > 0 ? this.runPrepared(text, values) : (super.query as (...a: any[]) => Promise<pg.QueryResult>)(...args);
    return result.catch((error: unknown) => {
      throw this.connectionLost(error, committing);
    });
  }

  /**
   * Marks the error of a lost connection whose statement may have committed, and of every later
   * statement on this client (kysely's ROLLBACK after a failed COMMIT fails in turn and is what the
   * caller sees). Ends the client so the pool never hands it out again.
   */
  private connectionLost(error: unknown, committing: boolean): unknown {
    if (!isConnectionLost(error)) return error;
    if (committing) this.lostWhileCommitting = true;
    if (this.lostWhileCommitting) markOutcomeUnknown(error);
    this.end().catch(() => {});
    return error;
  }

  private async runPrepared(text: string, values: unknown[]): Promise<pg.QueryResult> {
    const run = (config: pg.QueryConfig) => super.query(config);
    if (this.stale.size > 0 && this.getTransactionStatus() === 'I') {
      const names = [...this.stale];
      this.stale.clear();
      await run({ text: names.map((n) => `deallocate "${n}"`).join('; ') }).catch(() => undefined);
    }
    const parsed = this.internals.parsedStatements;
    const name = nameFor(text);
    if (parsed[name] === undefined) {
      if (this.preparedCount >= MAX_PREPARED || this.stale.has(name)) return run({ text, values });
      this.preparedCount += 1;
    }
    try {
      return await run({ name, text, values });
    } catch (error) {
      if (!isStalePlanError(error)) throw error;
      delete parsed[name];
      if (this.getTransactionStatus() !== 'I') {
        this.stale.add(name);
        throw error;
      }
      await run({ text: `deallocate "${name}"` });
      return run({ name, text, values });
    }
  }
}
