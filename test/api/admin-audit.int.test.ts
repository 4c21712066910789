// The event browser and time travel through the running server (issue 33 points 1-2): GET /api/admin/events
// narrows the log by each filter and pages it stably while members write, GET /api/admin/correlations/{id}
// follows a booking made through the API across its streams, and GET /api/admin/streams/{id}?at= folds every
// category's streams as the command runtime folds them, with the state before, after and the diff.
import diff from 'microdiff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminChain, AdminEvent, AdminEventsPage } from '../../api/contracts/admin-events.js';
import { STATE_CUT_KEY, STATE_ENTRIES_SHOWN, type AdminStream } from '../../api/contracts/admin-streams.js';
import { addComment } from '../../commands/feed/comments.js';
import { createPost } from '../../commands/feed/posts.js';
import { toPlainJson } from '../../commands/runtime/plain-json.js';
import { categoryName } from '../../commands/runtime/stream-catalogue.js';
import { streamCatalogue } from '../../commands/stream-catalogue.js';
import { postStreamId } from '../../commands/stream-ids.js';
import { wireCommands } from '../../commands/wiring.js';
import { postDecider } from '../../domain/post/decide.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { seedEveryStreamCategory } from '../support/every-stream-category.js';
import { becomeMentor, bookingBody, MONDAY_0800 } from '../support/session-fixtures.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const ADMIN = 'ada-audit@example.com';

describe('the event browser and time travel', () => {
  let server: TestServer;
  let admin: ApiClient;
  let mentor: ApiClient;
  let student: ApiClient;
  let sessionId: string;

  const events = async (query: string): Promise<AdminEventsPage> => {
    const response = await admin.get(`/api/admin/events?${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as AdminEventsPage;
  };
  const stream = async (streamId: string, query = ''): Promise<AdminStream> => {
    const response = await admin.get(`/api/admin/streams/${encodeURIComponent(streamId)}${query}`);
    expect(response.status, `${streamId}: ${JSON.stringify(response.body)}`).toBe(200);
    return response.body as AdminStream;
  };
  const wholeLog = async (): Promise<RecordedEvent[]> => {
    const all: RecordedEvent[] = [];
    for (;;) {
      const page = await server.store.readAll({ after: all.at(-1)?.checkpoint ?? null, limit: 1000 });
      if (page.length === 0) return all;
      all.push(...page);
    }
  };

  beforeAll(async () => {
    server = await startTestServer({ now: MONDAY_0800, env: { ADMIN_EMAILS: ADMIN } });
    [admin, mentor, student] = await Promise.all([
      signIn(server.url, ADMIN, 'Ada'),
      signIn(server.url, 'mo-mentor@example.com', 'Mo'),
      signIn(server.url, 'sue-student@example.com', 'Sue'),
    ]);
    const skillId = await becomeMentor(mentor);
    const requested = await student.post('/api/sessions', bookingBody({ mentor, skillId, date: '2026-12-07', time: '10:00', message: 'Joins please' }));
    expect(requested.status).toBe(201);
    sessionId = requested.body.id as string;
    expect((await mentor.post(`/api/sessions/${sessionId}/approve`, {})).status).toBe(200);
  }, 60_000);
  afterAll(() => server?.close());

  it('answers admins only', async () => {
    expect((await student.get('/api/admin/events')).status).toBe(403);
    expect((await student.get(`/api/admin/correlations/${sessionId}`)).status).toBe(403);
    expect((await student.get(`/api/admin/streams/session-${sessionId}`)).status).toBe(403);
    expect((await fetch(`${server.url}/api/admin/events`)).status).toBe(401);
  });

  it('narrows the page by each filter, every event on it matching', async () => {
    const all = (await events('limit=200')).events;
    const narrows = (page: AdminEvent[], test: (event: AdminEvent) => boolean) => {
      expect(page.length).toBeGreaterThan(0);
      expect(page.length).toBeLessThan(all.length);
      expect(page.every(test)).toBe(true);
    };
    narrows((await events('type=SessionRequested,SessionApproved&limit=200')).events, (e) => ['SessionRequested', 'SessionApproved'].includes(e.type));
    narrows((await events('stream=ledger-&limit=200')).events, (e) => e.streamId.startsWith('ledger-'));
    narrows((await events(`stream=session-${sessionId}&streamMatch=exact&limit=200`)).events, (e) => e.streamId === `session-${sessionId}`);
    narrows((await events(`member=${mentor.memberId}&memberAs=actor&limit=200`)).events, (e) => e.metadata.actorId === mentor.memberId);
    narrows(
      (await events(`member=${student.memberId}&limit=200`)).events,
      (e) => e.streamId.includes(student.memberId) || JSON.stringify(e.data).includes(student.memberId),
    );
    narrows((await events(`correlation=${sessionId}&limit=200`)).events, (e) => e.metadata.correlationId === sessionId);
    // The time range: up to an instant between two events' commits, and from it.
    const sorted = [...all].sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
    const cut = sorted.findIndex((e, i) => i > 0 && e.recordedAt > sorted[i - 1]!.recordedAt);
    const at = sorted[cut]!.recordedAt;
    narrows((await events(`to=${at}&limit=200`)).events, (e) => e.recordedAt < at);
    narrows((await events(`from=${at}&limit=200`)).events, (e) => e.recordedAt >= at);
  });

  it('pages by position newest first, neither skipping nor repeating while members write', async () => {
    const before = (await events('limit=200')).events.map((e) => e.globalPosition);
    const first = await events('limit=4');
    expect(first.next).not.toBeNull();
    // New events land above the cursor: the next pages go on from where the first stopped.
    await signIn(server.url, 'nia-newcomer@example.com', 'Nia');
    const second = await events(`limit=4&cursor=${first.next}`);
    const third = await events(`limit=4&cursor=${second.next}`);
    expect([...first.events, ...second.events, ...third.events].map((e) => e.globalPosition)).toEqual(before.slice(0, 12));
    expect((await events('limit=200')).events.length).toBeGreaterThan(before.length);
  });

  it('refuses bad input with a readable 400 and changes nothing', async () => {
    const log = (await wholeLog()).length;
    const refusals: [string, string][] = [
      ['limit=0', 'limit must be a whole number from 1 to 200'],
      ['limit=many', 'limit must be a whole number from 1 to 200'],
      ['cursor=abc', 'cursor must be the `next` of the page before'],
      ['from=yesterday', 'from must be an ISO-8601 instant'],
      ['from=2026-12-07T10:00:00Z&to=2026-12-07T09:00:00Z', 'to must not be before from'],
      ['streamMatch=exact', 'streamMatch needs a stream'],
      ['member=x&memberAs=owner', 'memberAs must be subject or actor'],
      [`stream=${'s'.repeat(201)}`, 'stream must be from 1 to 200 characters'],
    ];
    for (const [query, text] of refusals) {
      const response = await admin.get(`/api/admin/events?${query}`);
      expect(response.status, query).toBe(400);
      expect(String(response.body.error), query).toContain(text);
    }
    for (const [query, text] of [
      ['?at=-1', 'at must be a whole number from 0'],
      ['?at=first', 'at must be a whole number from 0'],
      ['?pageSize=501', 'pageSize must be a whole number from 1 to 500'],
    ]) {
      const response = await admin.get(`/api/admin/streams/session-${sessionId}${query}`);
      expect(response.status, query).toBe(400);
      expect(String(response.body.error), query).toContain(text);
    }
    const missing = await admin.get('/api/admin/streams/session-no-such-session');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('There is no stream session-no-such-session');
    const past = await admin.get(`/api/admin/streams/session-${sessionId}?at=99`);
    expect(past.status).toBe(404);
    expect(past.body.error).toContain('there is no event at 99');
    expect((await wholeLog()).length).toBe(log);
  });

  it("follows a booking made through the API across its streams by its correlation, each caused event's cause earlier in the chain", async () => {
    const response = await admin.get(`/api/admin/correlations/${sessionId}`);
    expect(response.status).toBe(200);
    const chain = response.body as AdminChain;
    expect(chain.truncated).toBe(false);
    const types = chain.events.map((e) => e.type);
    for (const type of ['SessionRequested', 'PointsHeld', 'SessionApproved']) expect(types).toContain(type);
    const streams = new Set(chain.events.map((e) => e.streamId.split('-')[0]));
    expect([...streams]).toEqual(expect.arrayContaining(['session', 'ledger', 'slots']));
    const positions = chain.events.map((e) => BigInt(e.globalPosition));
    expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : 1)));
    const index = new Map(chain.events.map((e, i) => [e.metadata.eventId, i]));
    chain.events.forEach((event, i) => {
      if (event.metadata.causationId) expect(index.get(event.metadata.causationId), `${event.type}'s cause`).toBeLessThan(i);
    });
    expect(chain.events.find((e) => e.type === 'SessionApproved')?.metadata).toMatchObject({ actorId: mentor.memberId, causationId: null });
    // The browser's correlation filter finds the same events.
    const filtered = await events(`correlation=${sessionId}&order=oldest-first&limit=200`);
    expect(filtered.events.map((e) => e.globalPosition)).toEqual(chain.events.map((e) => e.globalPosition));
  });

  it('folds every stream of every category through the route as the command runtime folds it, with the state before and the diff', async () => {
    const { postId } = await seedEveryStreamCategory(server.commands, server.store);
    const { runtime } = wireCommands({ store: server.store });
    const streams = new Map<string, number>();
    for (const event of await wholeLog()) streams.set(event.streamId, Number(event.streamPosition));
    const seen = new Set<string>();
    for (const [streamId, last] of streams) {
      const category = streamCatalogue.categoryOf(streamId);
      expect(category, `no category for ${streamId}`).toBeDefined();
      seen.add(categoryName(category!));
      const answer = await stream(streamId);
      expect(answer).toMatchObject({ streamId, kind: category!.kind, at: last, lastPosition: last });
      if (category!.kind === 'raw') {
        expect(answer.folds).toEqual([]);
        continue;
      }
      for (const [name, decider] of Object.entries(category!.folds)) {
        const fold = answer.folds.find((f) => f.decider === name)!;
        expect(fold.after, `${streamId} (${name})`).toEqual(toPlainJson((await runtime.load(decider, streamId)).state));
        // The state before is the state after the event before; the diff is the one between them.
        if (last > 0) expect(fold.before).toEqual((await stream(streamId, `?at=${last - 1}`)).folds.find((f) => f.decider === name)!.after);
        expect(fold.diff.length).toBe(diff(fold.before as object, fold.after as object).length);
      }
    }
    expect([...seen].sort()).toEqual(streamCatalogue.categories.map(categoryName).sort());

    // A post's like, in the middle of its stream: one path added, with its new value.
    const liked = await stream(postStreamId(postId), '?at=2&pageSize=2');
    expect(liked).toMatchObject({ at: 2, lastPosition: 4, event: { type: 'PostLiked' }, page: { from: 2, size: 2 } });
    expect(liked.folds[0]!.diff).toEqual([{ kind: 'added', path: ['likedBy', liked.event.actorId], after: true }]);
  });

  it("answers a long post's states shortened around the change, and the change whole", async () => {
    const now = MONDAY_0800;
    const { postId } = await createPost(server.commands, { actorId: student.memberId, content: 'A long thread', category: 'development', urgency: 'low', now });
    const ids: string[] = [];
    for (let i = 0; i < STATE_ENTRIES_SHOWN + 5; i += 1) {
      const actorId = i % 2 ? student.memberId : mentor.memberId;
      ids.push((await addComment(server.commands, { postId, actorId, content: `Answer ${i}`, now })).commentId);
    }
    // The comment added last sorts after the first STATE_ENTRIES_SHOWN ids or among them: kept either way.
    const answer = await stream(postStreamId(postId));
    const fold = answer.folds[0]!;
    const last = ids.at(-1)!;
    expect(fold.diff).toEqual([{ kind: 'added', path: ['comments', last], after: expect.objectContaining({ commentId: last, depth: 0 }) }]);
    const comments = (fold.after as { comments: Record<string, unknown> }).comments;
    const shown = Object.keys(comments).filter((key) => key !== STATE_CUT_KEY);
    expect(shown).toContain(last);
    expect(shown.length).toBeLessThanOrEqual(STATE_ENTRIES_SHOWN + 1);
    expect(comments[STATE_CUT_KEY]).toBe(`${ids.length - shown.length} more`);
    expect(fold.shortened.after).toEqual([{ path: ['comments'], shown: shown.length, total: ids.length }]);
    expect(fold.shortened.before).toEqual([{ path: ['comments'], shown: STATE_ENTRIES_SHOWN, total: ids.length - 1 }]);
    // Every comment kept is whole, as the runtime folds it.
    const { runtime } = wireCommands({ store: server.store });
    const whole = toPlainJson((await runtime.load(postDecider, postStreamId(postId))).state) as { comments: Record<string, unknown> };
    for (const id of shown) expect(comments[id]).toEqual(whole.comments[id]);
  });
});
