// The log browser's keys beside the log (sql-log-keys.ts, decision 275): readLog reads the keys' table up to
// its watermark and the events after it through their keys computed on the fly, each event once, and the
// indexer never passes an event of a transaction still open (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { newEvent } from '../test/conformance/conformance-helpers.js';
import { createTempDatabase, testPostgresUrl } from '../test/conformance/temp-database.js';
import { openBlankPglite } from '../test/support/blank-pglite.js';
import { notRun, POSTGRES_ONLY_REASON } from '../test/support/not-run.js';
import { openSqlDatabase, type SqlDatabase } from './sql-database.js';
import { appendWithin, createSqlEventStore } from './sql-event-store.js';
import { indexAllLogKeys, logKeysBatch } from './sql-log-keys.js';
import type { EventStore, LogQuery } from './types.js';

const indexedCount = async (db: SqlDatabase<unknown>) => Number((await sql<{ n: string }>`select count(*)::text as n from event_log_keys`.execute(db.db)).rows[0]!.n);

/** Every page of a query, as event ids. */
const allPages = async (store: EventStore, query: LogQuery) => {
  const ids: string[] = [];
  for (let after: string | null | undefined = undefined; after !== null;) {
    const page = await store.readLog({ ...query, limit: 7, ...(after ? { after } : {}) });
    ids.push(...page.events.map((e) => e.metadata.eventId));
    after = page.next;
  }
  return ids;
};

function keysCases(name: string, open: () => Promise<{ db: SqlDatabase<unknown>; close(): Promise<void> }>) {
  describe(`the log keys beside the log on ${name}`, () => {
    it('finds the events before and after the watermark once each, page by page, in either order', async () => {
      const { db, close } = await open();
      const store = await createSqlEventStore(db, { logKeys: 'manual' });
      try {
        const member = randomUUID();
        const appendFor = async (i: number) => {
          const event = newEvent(i % 2 ? 'PointsHeld' : 'SessionRequested', { studentId: member, i });
          await store.append(i % 2 ? `ledger-${member}` : `session-${randomUUID()}`, [event]);
          await store.append(`ledger-${randomUUID()}`, [newEvent('PointsHeld', { i })]); // another member's
          return event.metadata.eventId;
        };
        const before: string[] = [];
        for (let i = 0; i < 20; i += 1) before.push(await appendFor(i));
        await indexAllLogKeys(db.db);
        const indexed = await indexedCount(db);
        expect(indexed).toBeGreaterThanOrEqual(40);
        const after: string[] = [];
        for (let i = 20; i < 33; i += 1) after.push(await appendFor(i));

        const oldestFirst = [...before, ...after];
        expect(await allPages(store, { subjectId: member, order: 'oldest-first' })).toEqual(oldestFirst);
        expect(await allPages(store, { subjectId: member })).toEqual([...oldestFirst].reverse());
        const held = oldestFirst.filter((_, i) => i % 2 === 1);
        expect(await allPages(store, { subjectId: member, types: ['PointsHeld'], streamPrefix: 'ledger-', order: 'oldest-first' })).toEqual(held);
        // The pages above read both parts: the later events were not indexed yet.
        expect(await indexedCount(db)).toBe(indexed);
      } finally {
        await store.close();
        await close();
      }
    });

    it('pages the whole log, a stream prefix and a time range across the watermark, with no index of them on the events', async () => {
      const { db, close } = await open();
      const store = await createSqlEventStore(db, { logKeys: 'manual' });
      try {
        const appendOne = async (i: number) => {
          const event = newEvent('PointsHeld', { i });
          await store.append(`${i % 3 ? 'ledger' : 'member'}-${randomUUID()}`, [event]);
          return event.metadata.eventId;
        };
        const ids: string[] = [];
        for (let i = 0; i < 12; i += 1) ids.push(await appendOne(i));
        await indexAllLogKeys(db.db);
        for (let i = 12; i < 21; i += 1) ids.push(await appendOne(i));

        expect(await allPages(store, { order: 'oldest-first' })).toEqual(ids);
        expect(await allPages(store, {})).toEqual([...ids].reverse());
        expect(await allPages(store, { streamPrefix: 'member-', order: 'oldest-first' })).toEqual(ids.filter((_, i) => i % 3 === 0));
        // A window over both parts; PGlite's clock may give neighbours the same instant, so the expected
        // events are those whose recorded instants fall in it.
        const { events } = await store.readLog({ order: 'oldest-first', limit: 21 });
        const window = { from: events[7]!.recordedAt, to: events[16]!.recordedAt };
        const inWindow = events.filter((e) => e.recordedAt >= window.from && e.recordedAt < window.to).map((e) => e.metadata.eventId);
        expect(inWindow.length).toBeGreaterThanOrEqual(5);
        expect(await allPages(store, { ...window, order: 'oldest-first' })).toEqual(inWindow);
        expect(await allPages(store, window)).toEqual([...inWindow].reverse());
        const onEvents = await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'events' order by 1`.execute(db.db);
        expect(onEvents.rows.map((r) => r.name)).not.toEqual(expect.arrayContaining(['events_global_position']));
        expect(onEvents.rows.map((r) => r.name)).not.toEqual(expect.arrayContaining(['events_created_at']));
      } finally {
        await store.close();
        await close();
      }
    });

    it('reads a batch from the watermark on, however long the log before it', async () => {
      const { db, close } = await open();
      const store = await createSqlEventStore(db, { logKeys: 'manual' });
      try {
        await store.appendMany(Array.from({ length: 300 }, () => ({ streamId: `ledger-${randomUUID()}`, events: [newEvent('PointsHeld', {})] })));
        await indexAllLogKeys(db.db);
        await store.append(`ledger-${randomUUID()}`, [newEvent('PointsHeld', {}), newEvent('PointsHeld', {}), newEvent('PointsHeld', {})]);
        const batch = logKeysBatch(100).compile(db.db);
        const { rows } = await db.db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (analyze, format json) ${batch.sql}`, [...batch.parameters]));
        type PlanNode = {
          'Relation Name'?: string;
          'Actual Rows': number;
          'Rows Removed by Filter'?: number;
          'Rows Removed by Join Filter'?: number;
          Plans?: PlanNode[];
        };
        const raw = rows[0]!['QUERY PLAN'];
        const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
        const nodes: PlanNode[] = [];
        const walk = (node: PlanNode) => {
          nodes.push(node);
          node.Plans?.forEach(walk);
        };
        walk(plan[0]!.Plan);
        // The three new events are read, and none of the 300 before them, neither by a scan nor by a filter.
        const eventScans = nodes.filter((n) => n['Relation Name'] === 'events');
        expect(eventScans.length).toBeGreaterThan(0);
        for (const scan of eventScans) expect(scan['Actual Rows']).toBe(3);
        expect(Math.max(...nodes.map((n) => (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Join Filter'] ?? 0)))).toBe(0);
        expect(await indexedCount(db)).toBe(303);
      } finally {
        await store.close();
        await close();
      }
    });

    it('stores the keys of new events soon after they are appended, without being asked', async () => {
      const { db, close } = await open();
      const store = await createSqlEventStore(db);
      try {
        await store.append(`ledger-${randomUUID()}`, [newEvent('PointsHeld', {}), newEvent('PointsHeld', {})]);
        await expect.poll(() => indexedCount(db), { timeout: 5_000 }).toBe(2);
      } finally {
        await store.close();
        await close();
      }
    });
  });
}

keysCases('pglite', async () => {
  const db = await openBlankPglite<unknown>();
  return { db, close: () => db.close() };
});

const serverUrl = testPostgresUrl();
const openPostgres = async () => {
  const temp = await createTempDatabase(serverUrl!, 'es_keys');
  const db = await openSqlDatabase<unknown>({ url: temp.url });
  return {
    db,
    async close() {
      await db.close();
      await temp.drop();
    },
  };
};
if (serverUrl) {
  keysCases('postgres', openPostgres);
  describe('the log keys beside the log on postgres, with a transaction open', () => {
    it('indexes nothing from an open transaction on, and readLog finds its events once it commits', async () => {
      const { db, close } = await openPostgres();
      const store = await createSqlEventStore(db, { logKeys: 'manual' });
      const member = randomUUID();
      const trx = await db.db.startTransaction().execute();
      try {
        const early = newEvent('PointsHeld', { memberId: member });
        await appendWithin(trx, `ledger-${member}`, [early]);
        const late = newEvent('SessionRequested', { studentId: member });
        await store.append(`session-${randomUUID()}`, [late]);
        await indexAllLogKeys(db.db);
        expect(await indexedCount(db)).toBe(0); // the later event waits behind the open transaction
        expect(await allPages(store, { subjectId: member })).toEqual([late.metadata.eventId]);

        await trx.commit().execute();
        expect(await allPages(store, { subjectId: member, order: 'oldest-first' })).toEqual([early.metadata.eventId, late.metadata.eventId]);
        await indexAllLogKeys(db.db);
        expect(await indexedCount(db)).toBe(2);
        expect(await allPages(store, { subjectId: member, order: 'oldest-first' })).toEqual([early.metadata.eventId, late.metadata.eventId]);
      } finally {
        await trx
          .rollback()
          .execute()
          .catch(() => {});
        await store.close();
        await close();
      }
    });
  });
} else {
  notRun('the log keys beside the log on postgres', POSTGRES_ONLY_REASON);
}
