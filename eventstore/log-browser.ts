// The log browser (issue 30, DESIGN.md §13): the admin event browser and the audit read the global log
// through `readLog`, filtered and keyset-paged, instead of querying the events table from a route. Every
// adapter implements it (EventStore extends LogBrowser, both in types.ts); the operations object takes
// only this port. Here: the checks every adapter makes of a query, and its coded error.
import type { LogCursor, LogQuery } from './types.js';

export type { LogBrowser, LogCursor, LogEntry, LogPage, LogQuery } from './types.js';

export const DEFAULT_LOG_PAGE = 50;
export const MAX_LOG_PAGE = 500;

/** A query refused before it reached the store: the message says which field and why (a 400 at the API). */
export class InvalidLogQueryError extends Error {
  readonly code = 'INVALID_LOG_QUERY';
  constructor(
    readonly field: keyof LogQuery,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'InvalidLogQueryError';
  }
}

/** A query with its defaults filled in and every field checked. */
export interface CheckedLogQuery {
  after: LogCursor | null;
  limit: number;
  order: 'newest-first' | 'oldest-first';
  types: readonly string[] | null;
  streamPrefix: string | null;
  actorId: string | null;
  subjectId: string | null;
  correlationId: string | null;
  causationId: string | null;
  /** As given (PostgreSQL keeps its microseconds); checked to be an instant with its zone. */
  from: string | null;
  to: string | null;
}

const ID_FIELDS = ['streamPrefix', 'actorId', 'subjectId', 'correlationId', 'causationId'] as const;
const MAX_TEXT = 200;
const MAX_TYPES = 50;

function checkText(field: keyof LogQuery, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length === 0) throw new InvalidLogQueryError(field, 'must be a non-empty text');
  if (value.length > MAX_TEXT) throw new InvalidLogQueryError(field, `must be at most ${MAX_TEXT} characters`);
  return value;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

function checkInstant(field: 'from' | 'to', value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !INSTANT.test(value) || Number.isNaN(Date.parse(value))) {
    throw new InvalidLogQueryError(field, 'must be an ISO-8601 instant with its zone, such as 2026-11-28T09:00:00Z');
  }
  return value;
}

/** Checks a query the same way on every adapter; `checkCursor` is the adapter's own test of its cursors. */
export function checkLogQuery(query: LogQuery, checkCursor: (cursor: string) => boolean): CheckedLogQuery {
  const limit = query.limit ?? DEFAULT_LOG_PAGE;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LOG_PAGE) throw new InvalidLogQueryError('limit', `must be a whole number from 1 to ${MAX_LOG_PAGE}`);
  const order = query.order ?? 'newest-first';
  if (order !== 'newest-first' && order !== 'oldest-first') throw new InvalidLogQueryError('order', "must be 'newest-first' or 'oldest-first'");
  const after = query.after ?? null;
  if (after !== null && (typeof after !== 'string' || !checkCursor(after))) throw new InvalidLogQueryError('after', 'is not a cursor this event store gave');
  let types: string[] | null = null;
  if (query.types !== undefined) {
    if (!Array.isArray(query.types) || query.types.length === 0 || query.types.length > MAX_TYPES) {
      throw new InvalidLogQueryError('types', `must list 1 to ${MAX_TYPES} event types (leave it out for every type)`);
    }
    types = query.types.map((t) => checkText('types', t)!);
  }
  const [streamPrefix, actorId, subjectId, correlationId, causationId] = ID_FIELDS.map((field) => checkText(field, query[field]));
  const from = checkInstant('from', query.from);
  const to = checkInstant('to', query.to);
  if (from && to && Date.parse(from) > Date.parse(to)) throw new InvalidLogQueryError('to', 'must not be before from');
  return {
    after,
    limit,
    order,
    types,
    streamPrefix: streamPrefix ?? null,
    actorId: actorId ?? null,
    subjectId: subjectId ?? null,
    correlationId: correlationId ?? null,
    causationId: causationId ?? null,
    from,
    to,
  };
}
