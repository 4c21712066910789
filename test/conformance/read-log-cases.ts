// The part of the suite about readLog, the log browser: each filter alone and combined, keyset paging in
// both orders, time ranges, empty answers and the refused queries. The log is shared with the rest of the
// suite, so every case names ids, types or streams of its own run.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { InvalidLogQueryError, MAX_LOG_PAGE, type LogEntry, type LogQuery } from '../../eventstore/log-browser.js';
import type { EventStore, EventToAppend } from '../../eventstore/types.js';
import { expectRejection, newEvent } from './conformance-helpers.js';

interface Context {
  store: EventStore;
}

interface Meta {
  actorId?: string | null;
  correlationId?: string;
  causationId?: string | null;
}

const event = (type: string, data: Record<string, unknown>, meta: Meta = {}): EventToAppend => {
  const e = newEvent(type, data);
  return { ...e, metadata: { ...e.metadata, ...meta } };
};

/** Every page of a query, following `next` until it is null. */
async function allPages(store: EventStore, query: LogQuery): Promise<{ events: LogEntry[]; pages: number }> {
  const out: LogEntry[] = [];
  let after: string | null = null;
  for (let pages = 1; pages < 1000; pages++) {
    const page = await store.readLog({ ...query, after });
    out.push(...page.events);
    if (page.next === null) return { events: out, pages };
    after = page.next;
  }
  throw new Error('readLog kept answering a next page');
}

const streamsOf = (entries: readonly LogEntry[]) => [...new Set(entries.map((e) => e.streamId))].sort();

export function readLogCases(context: () => Context): void {
  describe('readLog', () => {
    const r = randomUUID().slice(0, 8);
    const alice = `alice-${r}`;
    const bob = `bob-${r}`;
    const [booking, signUp] = [randomUUID(), randomUUID()];
    const type = (name: string) => `${name}${r}`;
    const s = {
      member: `member-${alice}`,
      ledger: `ledger-${bob}`,
      session: `session-${r}`,
      slots: `slots-${bob}-2026-12-08T11:00:00.000Z`,
      post: `post-${r}`,
      conversation: `conversation-${r}`,
      quota: `ai-quota-${alice}-2026-12-08`,
    };
    const first = event(type('MemberRegistered'), { name: 'Alice' }, { actorId: alice, correlationId: signUp });

    beforeAll(async () => {
      const { store } = context();
      await store.append(s.member, [first]);
      await store.append(s.ledger, [
        event(type('PointsGranted'), { memberId: bob, amount: 3 }, { actorId: null, correlationId: signUp, causationId: first.metadata.eventId }),
      ]);
      await store.append(s.session, [event(type('SessionRequested'), { studentId: alice, instructorId: bob }, { actorId: alice, correlationId: booking })]);
      await store.append(s.slots, [event(type('SlotsReserved'), { sessionId: r }, { actorId: alice, correlationId: booking })]);
      await store.append(s.post, [event(type('PostCreated'), { authorId: alice, text: `hello ${bob}` }, { actorId: alice })]);
      await store.append(s.conversation, [event(type('ConversationStarted'), { participantIds: [alice, bob] }, { actorId: bob })]);
      await store.append(s.quota, [event(type('AiQuotaUsed'), { day: '2026-12-08' }, { actorId: alice })]);
    });

    it('finds the events an actor caused, newest first', async () => {
      const { store } = context();
      const page = await store.readLog({ actorId: alice });
      expect(page.events.map((e) => e.streamId)).toEqual([s.quota, s.post, s.slots, s.session, s.member]);
      const positions = page.events.map((e) => e.globalPosition);
      expect([...positions].sort((a, b) => (a < b ? 1 : -1))).toEqual(positions);
      expect(page.next).toBeNull();
      expect(page.events.at(-1)!.metadata.eventId).toBe(first.metadata.eventId);
      expect(Date.parse(page.events[0]!.recordedAt)).not.toBeNaN();
    });

    it("finds a member's events by subject: the streams they own and the events that name them", async () => {
      const { store } = context();
      expect(streamsOf((await store.readLog({ subjectId: alice })).events)).toEqual([s.conversation, s.member, s.post, s.quota, s.session].sort());
      expect(streamsOf((await store.readLog({ subjectId: bob })).events)).toEqual([s.conversation, s.ledger, s.session, s.slots].sort());
    });

    it('follows a correlation and a causation across streams', async () => {
      const { store } = context();
      expect(streamsOf((await store.readLog({ correlationId: booking })).events)).toEqual([s.session, s.slots].sort());
      expect(streamsOf((await store.readLog({ correlationId: signUp })).events)).toEqual([s.ledger, s.member].sort());
      expect(streamsOf((await store.readLog({ causationId: first.metadata.eventId })).events)).toEqual([s.ledger]);
    });

    it('filters by types and by stream prefix', async () => {
      const { store } = context();
      const byTypes = await store.readLog({ types: [type('PostCreated'), type('SlotsReserved')] });
      expect(byTypes.events.map((e) => e.type)).toEqual([type('PostCreated'), type('SlotsReserved')]);
      expect(streamsOf((await store.readLog({ streamPrefix: `slots-${bob}-` })).events)).toEqual([s.slots]);
      expect(streamsOf((await store.readLog({ streamPrefix: s.session })).events)).toEqual([s.session]);
    });

    it('combines filters: every one must hold', async () => {
      const { store } = context();
      expect(streamsOf((await store.readLog({ actorId: alice, subjectId: bob })).events)).toEqual([s.session, s.slots].sort());
      expect(streamsOf((await store.readLog({ subjectId: bob, correlationId: booking, types: [type('SessionRequested')] })).events)).toEqual([s.session]);
      expect(streamsOf((await store.readLog({ subjectId: alice, streamPrefix: 'post-' })).events)).toEqual([s.post]);
      expect((await store.readLog({ actorId: bob, correlationId: booking })).events).toEqual([]);
    });

    it('answers an empty page with no cursor when nothing matches', async () => {
      const { store } = context();
      for (const query of [{ actorId: `nobody-${r}` }, { subjectId: `nobody-${r}` }, { types: [type('NeverHappened')] }, { streamPrefix: `none-${r}` }]) {
        expect(await store.readLog(query)).toEqual({ events: [], next: null });
      }
      expect(await store.readLog({ actorId: alice, from: '2999-01-01T00:00:00Z' })).toEqual({ events: [], next: null });
    });

    it('pages a long result without gaps or repeats, newest first and oldest first', async () => {
      const { store } = context();
      const stream = `paged-${r}`;
      for (let i = 0; i < 5; i++)
        await store.append(
          stream,
          Array.from({ length: 5 }, (_, j) => event('Paged', { n: i * 5 + j })),
        );
      const oldest = await allPages(store, { streamPrefix: stream, order: 'oldest-first', limit: 7 });
      expect(oldest.events.map((e) => (e.data as { n: number }).n)).toEqual(Array.from({ length: 25 }, (_, n) => n));
      expect(oldest.pages).toBe(4);
      const newest = await allPages(store, { streamPrefix: stream, limit: 5 });
      expect(newest.events.map((e) => e.metadata.eventId)).toEqual(oldest.events.map((e) => e.metadata.eventId).reverse());
      const one = await store.readLog({ streamPrefix: stream, limit: 1 });
      expect(one.events).toHaveLength(1);
      expect(one.next).not.toBeNull();
      expect((await store.readLog({ streamPrefix: stream, limit: MAX_LOG_PAGE })).events).toHaveLength(25);
    });

    it('bounds a time range: from inclusive, to exclusive', async () => {
      const { store } = context();
      const stream = `timed-${r}`;
      // Three distinct instants: each append waits until the clock has passed the last one's recorded time.
      let last = 0;
      for (let i = 0; i < 3; i++) {
        while (Date.now() <= last) await new Promise((resolve) => setImmediate(resolve));
        await store.append(stream, [event('Timed', { i })]);
        last = Date.parse((await store.readLog({ streamPrefix: stream, limit: 1 })).events[0]!.recordedAt);
      }
      const [t0, t1, t2] = (await store.readLog({ streamPrefix: stream, order: 'oldest-first' })).events.map((e) => e.recordedAt);
      const range = async (from?: string, to?: string) =>
        (await store.readLog({ streamPrefix: stream, order: 'oldest-first', ...(from ? { from } : {}), ...(to ? { to } : {}) })).events.map(
          (e) => (e.data as { i: number }).i,
        );
      expect(await range(t1)).toEqual([1, 2]);
      expect(await range(undefined, t1)).toEqual([0]);
      expect(await range(t0, t2)).toEqual([0, 1]);
      expect(await range(t1, t1)).toEqual([]);
      expect(await range(t2, '2999-01-01T00:00:00Z')).toEqual([2]);
    });

    it('refuses a query it cannot answer with a coded error, whatever the store', async () => {
      const { store } = context();
      const refusals: [LogQuery, string][] = [
        [{ limit: 0 }, 'limit'],
        [{ limit: MAX_LOG_PAGE + 1 }, 'limit'],
        [{ limit: 2.5 }, 'limit'],
        [{ after: 'not-a-cursor' }, 'after'],
        [{ types: [] }, 'types'],
        [{ actorId: '' }, 'actorId'],
        [{ from: 'yesterday' }, 'from'],
        [{ to: '2026-11-28T09:00:00' }, 'to'],
        [{ from: '2026-11-28T10:00:00Z', to: '2026-11-28T09:00:00Z' }, 'to'],
        [{ order: 'sideways' as never }, 'order'],
      ];
      for (const [query, field] of refusals) {
        const error = await expectRejection(store.readLog(query), InvalidLogQueryError);
        expect(error.code).toBe('INVALID_LOG_QUERY');
        expect(error.field).toBe(field);
      }
    });
  });
}
