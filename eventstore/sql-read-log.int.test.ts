// The log browser's migration on a log that already holds events: its index computes the keys of the old
// events, so readLog finds them by subject, actor and correlation at once (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set). The filters themselves are the conformance suite's (read-log-cases.ts).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newEvent } from '../test/conformance/conformance-helpers.js';
import { createTempDatabase, testPostgresUrl } from '../test/conformance/temp-database.js';
import { notRun, POSTGRES_ONLY_REASON } from '../test/support/not-run.js';
import { logIndexesMigration } from './migrations/log-indexes.js';
import { eventStoreMigrationSet } from './migrations/event-tables.js';
import { migrateDownTo, migrateToLatest } from './migrations/run-migrations.js';
import { openSqlDatabase, type SqlDatabase } from './sql-database.js';
import { createSqlEventStore } from './sql-event-store.js';
import { openBlankPglite } from '../test/support/blank-pglite.js';

const before = eventStoreMigrationSet.migrations[eventStoreMigrationSet.migrations.indexOf(logIndexesMigration) - 1]!.name;

function backfillCases(name: string, open: () => Promise<{ db: SqlDatabase<unknown>; close(): Promise<void> }>) {
  describe(`readLog's migration on ${name}`, () => {
    it('finds the events stored before it by subject, actor and correlation', async () => {
      const { db, close } = await open();
      try {
        const store = await createSqlEventStore(db);
        await migrateDownTo(db.db, eventStoreMigrationSet, before);
        const [member, mentor, correlationId] = [randomUUID(), randomUUID(), randomUUID()];
        const requested = newEvent('SessionRequested', { studentId: member, instructorId: mentor });
        requested.metadata = { ...requested.metadata, actorId: member, correlationId };
        await store.append(`session-${randomUUID()}`, [requested]);
        await store.append(`ledger-${member}`, [newEvent('PointsHeld', { amount: 1 })]);

        // The log indexes' migration runs, and every later one after it, in order.
        const fromLogIndexes = eventStoreMigrationSet.migrations.slice(eventStoreMigrationSet.migrations.indexOf(logIndexesMigration)).map((m) => m.name);
        expect(fromLogIndexes[0]).toBe(logIndexesMigration.name);
        expect(await migrateToLatest(db.db, eventStoreMigrationSet)).toEqual(fromLogIndexes);
        expect((await store.readLog({ subjectId: member })).events.map((e) => e.type)).toEqual(['PointsHeld', 'SessionRequested']);
        expect((await store.readLog({ subjectId: mentor })).events.map((e) => e.type)).toEqual(['SessionRequested']);
        expect((await store.readLog({ actorId: member, correlationId })).events.map((e) => e.metadata.eventId)).toEqual([requested.metadata.eventId]);
        await store.close();
      } finally {
        await close();
      }
    });
  });
}

backfillCases('pglite', async () => {
  const db = await openBlankPglite<unknown>();
  return { db, close: () => db.close() };
});

const serverUrl = testPostgresUrl();
if (serverUrl) {
  backfillCases('postgres', async () => {
    const temp = await createTempDatabase(serverUrl, 'es_log');
    const db = await openSqlDatabase<unknown>({ url: temp.url });
    return {
      db,
      async close() {
        await db.close();
        await temp.drop();
      },
    };
  });
} else {
  notRun("readLog's migration on postgres", POSTGRES_ONLY_REASON);
}
