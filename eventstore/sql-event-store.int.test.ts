// SQL-adapter behaviour beyond the shared conformance suite: appends inside a caller's transaction.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, newEvent, headOf, waitFor } from '../test/conformance/conformance-helpers.js';
import { createTempDatabase, testPostgresUrl } from '../test/conformance/temp-database.js';
import type { TempDatabase } from '../test/conformance/temp-database.js';
import { notRun, POSTGRES_ONLY_REASON } from '../test/support/not-run.js';
import { openSqlDatabase } from './sql-database.js';
import type { SqlDatabase } from './sql-database.js';
import { appendWithin, createSqlEventStore } from './sql-event-store.js';
import type { EventStore } from './types.js';
import { openBlankPglite } from '../test/support/blank-pglite.js';

function transactionalCases(name: string, open: () => Promise<SqlDatabase<unknown>>) {
  describe(`appendWithin on ${name}`, () => {
    let db: SqlDatabase<unknown>;
    let store: EventStore;
    beforeAll(async () => {
      db = await open();
      store = await createSqlEventStore(db);
      await sql`create table if not exists side_effects (id text primary key)`.execute(db.db);
    });
    afterAll(async () => {
      await store?.close();
      await db?.close();
    });

    it('commits the events together with the other writes and wakes subscribers', async () => {
      const head = await headOf(store);
      const live = collect(store, head);
      await db.db.transaction().execute(async (trx) => {
        await appendWithin(trx, 'within-commit', [newEvent('Together')], { expectedRevision: 'no_stream' });
        await sql`insert into side_effects values ('within-commit')`.execute(trx);
      });
      await waitFor(() => live.seen.length === 1, 10_000, 'the subscriber');
      await live.stop();
      expect(live.seen[0]!.streamId).toBe('within-commit');
      const { rows } = await sql`select id from side_effects where id = 'within-commit'`.execute(db.db);
      expect(rows).toHaveLength(1);
    });

    it('leaves neither the events nor the stream behind when the transaction rolls back', async () => {
      await expect(
        db.db.transaction().execute(async (trx) => {
          await appendWithin(trx, 'within-rollback', [newEvent('Gone')], { expectedRevision: 'no_stream' });
          throw new Error('abandon');
        }),
      ).rejects.toThrow('abandon');
      expect(await store.readStream('within-rollback')).toEqual([]);
      // The stream does not exist, so no_stream still succeeds.
      await store.append('within-rollback', [newEvent('Later')], { expectedRevision: 'no_stream' });
      expect((await store.readStream('within-rollback')).map((e) => e.type)).toEqual(['Later']);
    });
  });
}

transactionalCases('pglite', () => openBlankPglite());

const serverUrl = testPostgresUrl();
if (serverUrl) {
  let temp: TempDatabase;
  beforeAll(async () => {
    temp = await createTempDatabase(serverUrl, 'es_store');
  });
  afterAll(async () => {
    await temp?.drop();
  });
  transactionalCases('postgres', () => openSqlDatabase({ url: temp.url }));

  describe('appendWithin ordering on PostgreSQL', () => {
    it('refuses, as retryable, an append that would land behind a later transaction in the same stream', async () => {
      const db = await openSqlDatabase({ url: temp.url });
      const store = await createSqlEventStore(db);
      try {
        await store.append('behind', [newEvent('First')], { expectedRevision: 'no_stream' });
        const early = await db.db.startTransaction().execute();
        try {
          // This transaction takes its id now, before the other writer appends.
          await sql`select pg_current_xact_id()`.execute(early);
          await store.append('behind', [newEvent('Second')], { expectedRevision: 0n });
          const error = await appendWithin(early, 'behind', [newEvent('Third')], { expectedRevision: 1n }).catch((e: unknown) => e);
          expect((error as { code?: string }).code).toBe('40001');
        } finally {
          await early.rollback().execute();
        }
        // Retried as a fresh transaction it goes through, after the other writer's event.
        await db.db.transaction().execute((trx) => appendWithin(trx, 'behind', [newEvent('Third')], { expectedRevision: 1n }));
        expect((await store.readStream('behind')).map((e) => e.type)).toEqual(['First', 'Second', 'Third']);
      } finally {
        await store.close();
        await db.close();
      }
    });
  });

  // The horizon of readAll is this database's oldest running transaction, not the server's: a test file,
  // a migration or another app writing in another database of the same server held back every follower
  // of this one (decision 249).
  describe('the log horizon on a PostgreSQL server shared with other databases', () => {
    it("reads past a transaction open in another database, and still waits for this database's own", async () => {
      const elsewhere = await createTempDatabase(serverUrl, 'es_elsewhere');
      const other = await openSqlDatabase({ url: elsewhere.url });
      const db = await openSqlDatabase({ url: temp.url });
      const store = await createSqlEventStore(db);
      try {
        const head = await headOf(store);
        const readAfterHead = async () => (await store.readAll({ after: head, limit: 100 })).map((e) => e.streamId);
        const foreign = await other.db.startTransaction().execute();
        try {
          // An id taken in the other database before this one's appends: below them, running.
          await sql`select pg_current_xact_id()`.execute(foreign);
          await store.append('past-elsewhere', [newEvent('Appended')]);
          expect(await readAfterHead()).toEqual(['past-elsewhere']);

          // A transaction of this database that took its id before the next append may still write below
          // it, so that append stays hidden until it ends (the horizon is this database's, not gone).
          const own = await db.db.startTransaction().execute();
          try {
            await sql`select pg_current_xact_id()`.execute(own);
            await store.append('behind-own', [newEvent('Appended')]);
            expect(await readAfterHead()).toEqual(['past-elsewhere']);
            await appendWithin(own, 'own', [newEvent('Appended')]);
          } finally {
            await own.commit().execute();
          }
          expect(await readAfterHead()).toEqual(['past-elsewhere', 'own', 'behind-own']);
        } finally {
          await foreign.rollback().execute();
        }
      } finally {
        await store.close();
        await db.close();
        await other.close();
        await elsewhere.drop();
      }
    });
  });
} else {
  notRun('appendWithin on postgres', POSTGRES_ONLY_REASON);
}
