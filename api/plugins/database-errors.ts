// A request whose database connection was lost (issue 29): the API answers 503 in words and the
// process carries on; the pool opens new connections for the next requests. Whether the change may
// have been saved depends on where the connection died (eventstore/connection-lost.ts).
import { isConnectionLost, isOutcomeUnknown } from '../../eventstore/connection-lost.js';

export const DATABASE_CONNECTION_LOST = 'The database connection was lost. Please try again.';
export const DATABASE_CONNECTION_LOST_WHILE_SAVING =
  'The database connection was lost while saving; your change may or may not have been saved. Please check and try again.';

/** Seconds a client should wait before trying again: a failover or a reconnect takes about that long. */
export const DATABASE_RETRY_AFTER_SECONDS = 1;

/** The 503's message for a lost connection, or null when the error is something else. */
export const connectionLostMessage = (error: unknown): string | null => {
  if (!isConnectionLost(error)) return null;
  return isOutcomeUnknown(error) ? DATABASE_CONNECTION_LOST_WHILE_SAVING : DATABASE_CONNECTION_LOST;
};

/**
 * A write succeeded but the read model a route answers from did not show it within the write's wait (a
 * projector recovering from a lost connection): answered 503 with DATABASE_CONNECTION_LOST_WHILE_SAVING and
 * recorded by the error monitor as a lost database, like the 503s of a connection lost mid-request
 * (decisions 377 and 379).
 */
export class ReadModelBehindError extends Error {
  constructor(readonly route: string) {
    super(`The read models did not show a write in time to answer ${route}`);
    this.name = 'ReadModelBehindError';
  }
}
