// Issue 19 point 6: property-based fuzzing of every operation in /api/docs/json. Inputs come from each
// route's own schemas (path, query, JSON body), mixed with NUL, lone surrogates, huge strings, wrong
// types, odd dates and times, prototype keys and wrong content types. Properties: no answer is a 5xx,
// a 4xx says why in {error}, and after every 4xx what the members can read of their state is unchanged.
// Deterministic: FUZZ_SEED and FUZZ_RUNS (cases per operation) change the run; fast-check prints the
// seed and path of a failure so it can be replayed.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { becomeMentor, bookingBody, MONDAY_0800 } from '../support/session-fixtures.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';
import { hostileString, objectFromSchema, paramValue, wrongJson } from './support/hostile-inputs.js';
import { settledSnapshotOf, snapshotOf, type SnapshotScope } from './support/member-snapshot.js';
import { fetchOperations, fillPath, operationKey, queryString, type Operation } from './support/openapi-operations.js';

const SEED = Number(process.env.FUZZ_SEED ?? 190_006);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 8);

interface FuzzRequest {
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  /** What goes on the wire: a content type (or none) and the raw body (or none). */
  body: { contentType: string | null; text: string } | null;
}

const json = (value: unknown) => ({ contentType: 'application/json', text: JSON.stringify(value) ?? 'null' });

/** Bodies: mostly the schema's shape (with hostile values), else wrong JSON, bad text or another type. */
const bodyFor = (operation: Operation): fc.Arbitrary<FuzzRequest['body']> => {
  const shaped = operation.body ? objectFromSchema(operation.body).map(json) : fc.constant(json({}));
  return fc.oneof(
    { arbitrary: shaped, weight: 6 },
    { arbitrary: wrongJson().map(json), weight: 2 },
    {
      arbitrary: fc.constantFrom('{"a":', '{', 'nul', '{"__proto__":{"x":1}}', '\u0000', '"\\ud800"').map((text) => ({ contentType: 'application/json', text })),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data', 'application/json; charset=latin1', null),
          hostileString(),
        )
        .map(([contentType, text]) => ({ contentType, text })),
      weight: 1,
    },
    { arbitrary: fc.constant({ contentType: 'application/json', text: JSON.stringify({ bio: 'x'.repeat(1_100_000) }) }), weight: 1 },
    { arbitrary: fc.constant(null), weight: 1 },
  );
};

const requestFor = (operation: Operation, knownIds: readonly string[]): fc.Arbitrary<FuzzRequest> => {
  const params = fc.record(Object.fromEntries(operation.pathParams.map((p) => [p.name, paramValue(p.schema, knownIds)])));
  const query = fc.record(Object.fromEntries(operation.queryParams.map((p) => [p.name, fc.option(paramValue(p.schema, knownIds), { nil: undefined })])));
  const body = operation.method === 'GET' ? fc.constant(null) : bodyFor(operation);
  return fc.record({ params, query, body });
};

/** The log's length once reactors have stopped adding to it. */
const settledCount = async (server: TestServer): Promise<number> => {
  let last = await server.store.countAfter(null);
  for (let attempt = 0; attempt < 30; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = await server.store.countAfter(null);
    if (next === last) return next;
    last = next;
  }
  return last;
};

const ENDS_THE_CALLERS_SESSIONS = new Set(['POST /api/logout/everywhere']);

describe('fuzzing every operation', () => {
  let server: TestServer;
  let ann: ApiClient;
  let mia: ApiClient;
  let operations: Operation[];
  let knownIds: string[];
  let scope: SnapshotScope;

  beforeAll(async () => {
    server = await startTestServer({ now: MONDAY_0800 });
    ann = await signIn(server.url, 'ann-fuzz@example.com', 'Ann');
    mia = await signIn(server.url, 'mia-fuzz@example.com', 'Mia');
    await signIn(server.url, 'leaver-fuzz@example.com', 'Lee'); // registered before the baseline: a later sign-in writes nothing
    const skillId = await becomeMentor(mia);
    // Ann has a confirmed session with a reschedule pending, and a request waiting: ids that exist.
    const confirmed = (await ann.post('/api/sessions', bookingBody({ mentor: mia, skillId, date: '2026-12-08', time: '10:00' }))).body.id as string;
    const requested = (await ann.post('/api/sessions', bookingBody({ mentor: mia, skillId, date: '2026-12-09', time: '11:00' }))).body.id as string;
    await mia.post(`/api/sessions/${confirmed}/approve`, {});
    const proposal = await mia.post(`/api/sessions/${confirmed}/propose-modification`, { proposed_date: '2026-12-10', proposed_time: '13:00' });
    await ann.post(`/api/sessions/${confirmed}/message`, { message: 'See you then' });
    const notifications = (await ann.get(`/api/users/${ann.memberId}/notifications`)).body as { id: string }[];
    knownIds = [ann.memberId, mia.memberId, confirmed, requested, skillId, proposal.body.pending_modification_id, notifications[0]?.id ?? 'none'];
    scope = { sessionIds: [confirmed, requested], skillIds: [skillId] };
    operations = await fetchOperations(server.url);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('covers the documented operations', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it('answers every hostile request below 500, with {error} on a 4xx and nothing changed', async () => {
    // Nothing written is checked twice: the event log has not grown (read models come from it alone),
    // and after a refused write what Ann can read of her state is the same.
    const settle = async () => ({ events: await settledCount(server), view: await settledSnapshotOf([ann], scope) });
    let baseline = await settle();
    for (const operation of operations) {
      await fc.assert(
        fc.asyncProperty(requestFor(operation, knownIds), async (request) => {
          const url = `${server.url}${fillPath(operation.path, request.params)}${queryString(request.query)}`;
          // Ending every session of the caller's member is fuzzed as a member of its own, so Ann stays signed in.
          const caller = ENDS_THE_CALLERS_SESSIONS.has(operationKey(operation)) ? await signIn(server.url, 'leaver-fuzz@example.com', 'Lee') : ann;
          const headers: Record<string, string> = { cookie: caller.cookie };
          if (request.body?.contentType) headers['content-type'] = request.body.contentType;
          const response = await fetch(url, { method: operation.method, headers, body: request.body?.text });
          const text = await response.text();
          const context = `${operationKey(operation)} -> ${response.status} ${text.slice(0, 300)}`;
          expect(response.status, context).toBeLessThan(500);
          if (response.status < 400) {
            // A write that went through moves the baseline; a read changes nothing (else the next 4xx says so).
            if (operation.method !== 'GET') baseline = await settle();
            return;
          }
          expect(JSON.parse(text), context).toEqual({ error: expect.any(String) });
          expect(await server.store.countAfter(null), `${context}: events were written`).toBe(baseline.events);
          if (operation.method !== 'GET') expect(await snapshotOf([ann], scope), context).toEqual(baseline.view);
        }),
        { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      );
    }
  }, 600_000);
});
