// The audit's reads (issue 33 points 1-2): the event browser over readLog, the chain of one correlation,
// and a stream's time travel over stateAt with each decider's diff (whole) and states (shortened:
// shorten-state.ts). Both stand on the operations object
// (api/operations.ts), never on the events table (DESIGN.md §13).
import diff from 'microdiff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminChainParamsSchema, adminChainSchema, adminEventsPageSchema, adminEventsQuerySchema, CHAIN_MAX, type AdminEvent } from '../../contracts/admin-events.js';
import {
  adminStreamParamsSchema,
  adminStreamQuerySchema,
  adminStreamSchema,
  STATE_ENTRIES_SHOWN,
  type DeciderFold,
  type StateDiff,
} from '../../contracts/admin-streams.js';
import { InvalidLogQueryError, type LogEntry, type LogQuery } from '../../../eventstore/log-browser.js';
import { HttpError } from '../../http-error.js';
import type { Operations } from '../../operations.js';
import { errorResponses } from '../route-schemas.js';
import { keyTreeOf, shortenState } from './shorten-state.js';

export type AuditOperations = Pick<Operations, 'readLog' | 'stateAt'>;

const tags = ['admin'];

const toEvent = (entry: LogEntry): AdminEvent => ({
  globalPosition: entry.globalPosition.toString(),
  streamId: entry.streamId,
  streamPosition: Number(entry.streamPosition),
  type: entry.type,
  recordedAt: entry.recordedAt,
  data: entry.data,
  metadata: entry.metadata,
});

/** readLog's own refusals (a query the contract let through but the store cannot answer) are 400s too. */
const readLog = async (operations: AuditOperations, query: LogQuery) => {
  try {
    return await operations.readLog(query);
  } catch (error) {
    if (error instanceof InvalidLogQueryError) throw new HttpError(400, error.message);
    throw error;
  }
};

/** microdiff's changes in the contract's words; paths as microdiff gives them (array indexes as numbers). */
export const stateDiff = (before: unknown, after: unknown): StateDiff[] => {
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
  // microdiff compares objects and arrays; a state that is a leaf (or becomes one) is one change at the root.
  if (!isObject(before) || !isObject(after) || Array.isArray(before) !== Array.isArray(after)) {
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ kind: 'changed', path: [], before, after }];
  }
  return diff(before, after).map((change): StateDiff => {
    if (change.type === 'CREATE') return { kind: 'added', path: change.path, after: change.value };
    if (change.type === 'REMOVE') return { kind: 'removed', path: change.path, before: change.oldValue };
    return { kind: 'changed', path: change.path, before: change.oldValue, after: change.value };
  });
};

/** One decider's fold as the screen shows it: the diff of the whole states, the states shortened around it. */
export const foldView = (decider: string, before: unknown, after: unknown, limit = STATE_ENTRIES_SHOWN): DeciderFold => {
  const changes = stateDiff(before, after);
  const changed = keyTreeOf(changes.map((change) => change.path));
  const [shownBefore, shownAfter] = [shortenState(before, changed, limit), shortenState(after, changed, limit)];
  return { decider, before: shownBefore.state, after: shownAfter.state, diff: changes, shortened: { before: shownBefore.cuts, after: shownAfter.cuts } };
};

export const adminAuditRoutes: FastifyPluginAsyncZod<{ operations: AuditOperations }> = async (app, { operations }) => {
  app.get(
    '/events',
    { schema: { tags, querystring: adminEventsQuerySchema, response: { 200: adminEventsPageSchema, ...errorResponses(400, 401, 403) } } },
    async (request) => {
      const q = request.query;
      const exact = q.stream !== undefined && q.streamMatch === 'exact';
      const page = await readLog(operations, {
        after: q.cursor ?? null,
        limit: q.limit,
        order: q.order ?? 'newest-first',
        ...(q.type ? { types: q.type } : {}),
        ...(q.stream ? { streamPrefix: q.stream } : {}),
        ...(q.member ? (q.memberAs === 'actor' ? { actorId: q.member } : { subjectId: q.member }) : {}),
        ...(q.correlation ? { correlationId: q.correlation } : {}),
        ...(q.causation ? { causationId: q.causation } : {}),
        ...(q.from ? { from: q.from } : {}),
        ...(q.to ? { to: q.to } : {}),
      });
      // An exact stream is its prefix's page less the longer ids that share it (decision 337): the
      // cursor stays the page's, so paging neither skips nor repeats.
      const events = exact ? page.events.filter((event) => event.streamId === q.stream) : page.events;
      return { events: events.map(toEvent), next: page.next };
    },
  );

  app.get(
    '/correlations/:correlationId',
    { schema: { tags, params: adminChainParamsSchema, response: { 200: adminChainSchema, ...errorResponses(400, 401, 403) } } },
    async (request) => {
      const { correlationId } = request.params;
      const page = await readLog(operations, { correlationId, order: 'oldest-first', limit: CHAIN_MAX });
      return { correlationId, events: page.events.map(toEvent), truncated: page.next !== null };
    },
  );

  app.get(
    '/streams/:streamId',
    {
      schema: { tags, params: adminStreamParamsSchema, querystring: adminStreamQuerySchema, response: { 200: adminStreamSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => {
      const { at, pageFrom, pageSize } = request.query;
      // StateAtError is a DomainError: NOT_FOUND and VALIDATION become 404 and 400 with its text.
      const answer = await operations.stateAt(request.params.streamId, at, { pageFrom, pageSize });
      return {
        streamId: answer.streamId,
        category: answer.category,
        kind: answer.kind,
        at: answer.position,
        lastPosition: answer.lastPosition,
        event: answer.event,
        folds: answer.folds.map((fold) => foldView(fold.decider, fold.before, fold.state)),
        page: answer.page,
      };
    },
  );
};
