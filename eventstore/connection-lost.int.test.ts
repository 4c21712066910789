// What a pooled connection that PostgreSQL ends does to its caller (issue 29): the process carries on
// (before, a checked-out client's unheard 'error' event ended it), the statement in flight fails with
// a connection-lost error, marked when it may have committed, and the pool's next query gets a new
// connection. PostgreSQL only: PGlite has no connections to lose.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDatabase, testPostgresUrl, type TempDatabase } from '../test/conformance/temp-database.js';
import { notRun, POSTGRES_ONLY_REASON } from '../test/support/not-run.js';
import { isConnectionLost, isOutcomeUnknown } from './connection-lost.js';
import { openSqlDatabase, type SqlDatabase } from './sql-database.js';

const serverUrl = testPostgresUrl();

if (serverUrl) {
  describe('a pooled PostgreSQL connection ended under its caller', () => {
    let temp: TempDatabase;
    let db: SqlDatabase<unknown>;
    let admin: pg.Client;

    beforeAll(async () => {
      temp = await createTempDatabase(serverUrl, 'conn_lost');
      db = await openSqlDatabase({ url: temp.url, poolSize: 2 });
      await sql`create table probe (id int)`.execute(db.db);
      admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
    });

    afterAll(async () => {
      await admin?.end();
      await db?.close();
      await temp?.drop();
    });

    /** Ends the backend and waits until it is gone, so its goodbye has been sent to the client. */
    const terminate = async (pid: number) => {
      await admin.query('select pg_terminate_backend($1)', [pid]);
      while ((await admin.query('select 1 from pg_stat_activity where pid = $1', [pid])).rowCount) {
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    /** Waits until `text` runs on some backend of the test database and returns its pid. */
    const runningPid = async (text: string): Promise<number> => {
      for (;;) {
        const { rows } = await admin.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1 and state = 'active' and query = $2", [temp.name, text]);
        if (rows[0]) return rows[0].pid;
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    it('fails a COMMIT whose connection was ended with an error marked as outcome unknown, and goes on', async () => {
      const error = await db.db
        .transaction()
        .execute(async (trx) => {
          await sql`insert into probe values (${1})`.execute(trx);
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          await terminate(rows[0]!.pid);
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(isConnectionLost(error)).toBe(true);
      expect(isOutcomeUnknown(error)).toBe(true);
      expect((await sql<{ n: number }>`select count(*)::int as n from probe`.execute(db.db)).rows[0]!.n).toBe(0);
    });

    it('does not mark a read that lost its connection, inside or outside a transaction', async () => {
      const inside = await db.db
        .transaction()
        .execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          await terminate(rows[0]!.pid);
          await sql`select ${1}::int as one`.execute(trx);
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(isConnectionLost(inside)).toBe(true);
      expect(isOutcomeUnknown(inside)).toBe(false);

      const text = 'select pg_sleep(30) /* lost read */';
      const read = sql
        .raw(text)
        .execute(db.db)
        .catch((e: unknown) => e);
      await terminate(await runningPid(text));
      const outside = await read;
      expect(isConnectionLost(outside)).toBe(true);
      expect(isOutcomeUnknown(outside)).toBe(false);
    });

    it('marks a write outside a transaction that lost its connection as outcome unknown', async () => {
      const text = 'insert into probe select 2 from pg_sleep(30) /* lost write */';
      const write = sql
        .raw(text)
        .execute(db.db)
        .catch((e: unknown) => e);
      await terminate(await runningPid(text));
      const error = await write;
      expect(isConnectionLost(error)).toBe(true);
      expect(isOutcomeUnknown(error)).toBe(true);
    });

    it('serves the next queries on new connections', async () => {
      const results = await Promise.all([1, 2, 3, 4].map((n) => sql<{ n: number }>`select ${n}::int as n`.execute(db.db)));
      expect(results.map((r) => r.rows[0]!.n)).toEqual([1, 2, 3, 4]);
    });
  });
} else {
  notRun('a pooled PostgreSQL connection ended under its caller', POSTGRES_ONLY_REASON);
}
