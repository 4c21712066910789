// Telling a lost database connection (a failover, an idle-in-transaction timeout, pg_terminate_backend,
// a network reset) from any other error, and whether the statement it took with it may have committed.
// PreparingClient marks the errors; the API's error handler turns them into a 503 that says whether the
// change may have been saved (api/plugins/database-errors.ts).

/** SQLSTATEs and socket codes of a connection that is gone or refused (57P01-03 shutdowns, class 08). */
const LOST_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);
const LOST_MESSAGES =
  /Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect/i;

const OUTCOME_UNKNOWN = Symbol('outcome unknown');

const causes = function* (error: unknown): Generator<Error> {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) yield e;
};

export const isConnectionLost = (error: unknown): boolean => {
  for (const e of causes(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (LOST_CODES.has(code) || code.startsWith('08'))) return true;
    if (LOST_MESSAGES.test(e.message)) return true;
  }
  return false;
};

/** The connection died while a COMMIT (or a write outside a transaction) was on its way: it may or may not have committed. */
export const isOutcomeUnknown = (error: unknown): boolean => [...causes(error)].some((e) => (e as { [OUTCOME_UNKNOWN]?: boolean })[OUTCOME_UNKNOWN] === true);

export const markOutcomeUnknown = <E>(error: E): E => {
  if (error instanceof Error) Object.defineProperty(error, OUTCOME_UNKNOWN, { value: true });
  return error;
};

const READS = /^\s*(select|show|begin|start|set|rollback|abort|savepoint|release|deallocate|listen|unlisten|explain)\b/i;

/**
 * Whether a statement sent in this transaction state can commit a change: a COMMIT, or outside a
 * transaction anything but a read (a select that calls es_append* writes the event log).
 */
export const mayCommit = (text: string, transactionStatus: string | null): boolean =>
  /^\s*(commit|end)\b/i.test(text) || (transactionStatus === 'I' && (!READS.test(text) || /\bes_append/i.test(text)));
