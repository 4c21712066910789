import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDatabase, testPostgresUrl } from '../test/conformance/temp-database.js';
import type { TempDatabase } from '../test/conformance/temp-database.js';
import { notRun, POSTGRES_ONLY_REASON } from '../test/support/not-run.js';
import { connectFromEnv } from './connect-from-env.js';
import { migrateDownTo, migrateToLatest } from './migrations/run-migrations.js';
import { isTransient } from '../projections/runtime/errors.js';
import { isStalePlanError } from './preparing-client.js';
import { openSqlDatabase } from './sql-database.js';
import type { SqlDatabase } from './sql-database.js';
import { openBlankPglite } from '../test/support/blank-pglite.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await sleep(10);
}

function engineCases(name: 'pglite' | 'postgres', open: () => Promise<SqlDatabase<unknown>>) {
  describe(`openSqlDatabase on ${name}`, () => {
    let db: SqlDatabase<unknown>;
    beforeAll(async () => {
      db = await open();
    });
    afterAll(async () => {
      await db?.close();
    });

    it('returns counts and numerics as numbers and dates as plain strings', async () => {
      const { rows } = await sql<{ n: unknown; c: unknown; avg: unknown; d: unknown }>`
        select 9007199254740991::int8 as n, count(*) as c, avg(x)::numeric(10, 2) as avg, '2026-03-01'::date as d
        from (values (1), (2)) as t(x)`.execute(db.db);
      expect(rows[0]).toEqual({ n: 9007199254740991, c: 2, avg: 1.5, d: '2026-03-01' });
    });

    it('delivers NOTIFY payloads to listeners until they unlisten', async () => {
      const got: string[] = [];
      const unlisten = await db.listen('sqldb_test_channel', (payload) => got.push(payload));
      await db.notify('sqldb_test_channel', 'one');
      await sql`select pg_notify('sqldb_test_channel', 'two')`.execute(db.db);
      await waitFor(() => got.length === 2, 5_000);
      expect(got).toEqual(['one', 'two']);
      await unlisten();
      await db.notify('sqldb_test_channel', 'three');
      await sleep(200);
      expect(got).toEqual(['one', 'two']);
    });

    it('keeps back from an othersOnly listener only what its own notify() sent', async () => {
      const all: string[] = [];
      const others: string[] = [];
      const stopAll = await db.listen('sqldb_echo_channel', (payload) => all.push(payload));
      const stopOthers = await db.listen('sqldb_echo_channel', (payload) => others.push(payload), { othersOnly: true });
      await db.notify('sqldb_echo_channel', 'own');
      await sql`select pg_notify('sqldb_echo_channel', 'pooled')`.execute(db.db);
      await waitFor(() => all.length === 2, 5_000);
      await sleep(100);
      expect(all).toEqual(['own', 'pooled']);
      // PGlite has one session, so every NOTIFY is its own and all are delivered.
      expect(others).toEqual(name === 'postgres' ? ['pooled'] : ['own', 'pooled']);
      await stopAll();
      await stopOthers();
    });

    it('refuses channel names that LISTEN and pg_notify would spell differently', async () => {
      await expect(db.listen('Mixed-Case', () => {})).rejects.toThrow(/Invalid LISTEN channel/);
    });

    it('applies a migration list once, records it, and undoes it', async () => {
      const set = {
        table: `sqldb_test_migrations`,
        migrations: [
          {
            name: '20261122T0500-create-widgets',
            up: async (k: typeof db.db) => void (await sql`create table sqldb_widgets (id int primary key)`.execute(k)),
            down: async (k: typeof db.db) => void (await sql`drop table sqldb_widgets`.execute(k)),
          },
        ],
      };
      expect(await migrateToLatest(db.db, set)).toEqual(['20261122T0500-create-widgets']);
      expect(await migrateToLatest(db.db, set)).toEqual([]);
      await sql`insert into sqldb_widgets values (1)`.execute(db.db);
      expect(await migrateDownTo(db.db, set)).toEqual(['20261122T0500-create-widgets']);
      await expect(sql`select * from sqldb_widgets`.execute(db.db)).rejects.toThrow(/sqldb_widgets/);
    });

    it('runs a migration added to a list that has run, and refuses a list without one that ran', async () => {
      const create = (table: string) => ({
        name: `20261128T2100-create-${table}`,
        up: async (k: typeof db.db) => void (await sql`create table ${sql.table(table)} (id int primary key)`.execute(k)),
        down: async (k: typeof db.db) => void (await sql`drop table ${sql.table(table)}`.execute(k)),
      });
      const first = create('sqldb_first');
      const second = { ...create('sqldb_second'), name: '20261128T2200-create-sqldb_second' };
      expect(await migrateToLatest(db.db, { table: 'sqldb_grown_migrations', migrations: [first] })).toEqual([first.name]);
      expect(await migrateToLatest(db.db, { table: 'sqldb_grown_migrations', migrations: [first, second] })).toEqual([second.name]);
      expect(await migrateToLatest(db.db, { table: 'sqldb_grown_migrations', migrations: [first, second] })).toEqual([]);
      await expect(migrateToLatest(db.db, { table: 'sqldb_grown_migrations', migrations: [second] })).rejects.toThrow(/missing|corrupted/i);
    });
  });
}

engineCases('pglite', () => openBlankPglite());

describe('PGlite specifics', () => {
  it('makes a second transaction wait for the first instead of interleaving with it', async () => {
    const db = await openBlankPglite();
    try {
      await sql`create table steps (n serial primary key, label text)`.execute(db.db);
      const first = db.db.transaction().execute(async (trx) => {
        await sql`insert into steps (label) values ('first-begin')`.execute(trx);
        await sleep(150);
        await sql`insert into steps (label) values ('first-end')`.execute(trx);
        throw new Error('roll back the first');
      });
      await sleep(20);
      const second = db.db.transaction().execute(async (trx) => {
        await sql`insert into steps (label) values ('second')`.execute(trx);
      });
      await expect(first).rejects.toThrow('roll back the first');
      await second;
      const { rows } = await sql<{ label: string }>`select label from steps order by n`.execute(db.db);
      expect(rows.map((r) => r.label)).toEqual(['second']);
    } finally {
      await db.close();
    }
  });

  it('keeps a file-backed database across reopening, through connectFromEnv', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'es-pglite-'));
    try {
      const first = await connectFromEnv({ DATA_DIR: dir });
      expect(first.sql.kind).toBe('pglite');
      expect(first.store.kind).toBe('pglite');
      await first.store.append('kept-1', [
        {
          type: 'Kept',
          data: { n: 1 },
          metadata: { eventId: crypto.randomUUID(), occurredAt: new Date().toISOString(), actorId: null, correlationId: 'c', causationId: null, schemaVersion: 1 },
        },
      ]);
      await first.close();
      const second = await connectFromEnv({ DATA_DIR: dir });
      const events = await second.store.readStream('kept-1');
      await second.close();
      expect(events.map((e) => e.data)).toEqual([{ n: 1 }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const serverUrl = testPostgresUrl();
if (serverUrl) {
  let temp: TempDatabase;
  beforeAll(async () => {
    temp = await createTempDatabase(serverUrl, 'es_sqldb');
  });
  afterAll(async () => {
    await temp?.drop();
  });
  engineCases('postgres', () => openSqlDatabase({ url: temp.url }));

  describe('prepared statements (PreparingClient)', () => {
    const preparedCount = async (client: pg.PoolClient) =>
      Number((await client.query(`select count(*) as n from pg_prepared_statements where statement like '%prep_probe%'`)).rows[0].n);

    it('prepares a repeated parameterised query once per connection and answers the same', async () => {
      const db = await openSqlDatabase({ url: temp.url, poolSize: 1 });
      try {
        const client = await db.pool!.connect();
        try {
          for (const x of [1, 2, 3]) {
            const { rows } = await client.query(`select $1::int * 2 as doubled /* prep_probe */`, [x]);
            expect(rows[0].doubled).toBe(x * 2);
          }
          expect(await preparedCount(client)).toBe(1);
        } finally {
          client.release();
        }
      } finally {
        await db.close();
      }
    });

    it('re-prepares a statement whose table was replaced with other columns, outside and inside a transaction', async () => {
      const db = await openSqlDatabase({ url: temp.url, poolSize: 1 });
      try {
        await sql`create table prep_probe (id int primary key, a text)`.execute(db.db);
        await sql`insert into prep_probe values (1, 'one')`.execute(db.db);
        const read = () => sql<Record<string, unknown>>`select * from prep_probe where id = ${1}`.execute(db.db);
        expect((await read()).rows).toEqual([{ id: 1, a: 'one' }]);
        // What a rebuild swap does: other columns under the same name.
        await sql`alter table prep_probe add column b text default 'bee'`.execute(db.db);
        expect((await read()).rows).toEqual([{ id: 1, a: 'one', b: 'bee' }]);

        await sql`alter table prep_probe add column c int default 3`.execute(db.db);
        const inside = db.db.transaction().execute(async (trx) => sql`select * from prep_probe where id = ${1}`.execute(trx));
        const error = await inside.catch((e: unknown) => e);
        expect(isStalePlanError(error)).toBe(true);
        expect(isTransient(error)).toBe(true); // a projector batch that meets it runs again
        // Running again (as the projector does) works.
        const again = await db.db.transaction().execute(async (trx) => sql<Record<string, unknown>>`select * from prep_probe where id = ${1}`.execute(trx));
        expect(again.rows).toEqual([{ id: 1, a: 'one', b: 'bee', c: 3 }]);
      } finally {
        await sql`drop table if exists prep_probe`.execute(db.db);
        await db.close();
      }
    });
  });

  describe('PostgreSQL specifics', () => {
    it('connectFromEnv chooses PostgreSQL when DATABASE_URL is set', async () => {
      const conn = await connectFromEnv({ DATABASE_URL: temp.url, DATA_DIR: '/nonexistent' });
      try {
        expect(conn.sql.kind).toBe('postgres');
        expect(conn.store.kind).toBe('postgres');
      } finally {
        await conn.close();
      }
    });

    it('re-listens after its LISTEN connection is killed', async () => {
      const db = await openSqlDatabase({ url: temp.url, poolSize: 2 });
      try {
        const got: string[] = [];
        await db.listen('sqldb_reconnect', (payload) => got.push(payload));
        const killed = await sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query = 'LISTEN "sqldb_reconnect"'`.execute(db.db);
        expect(killed.rows).toHaveLength(1);
        // Keep notifying until the re-established LISTEN hears one.
        for (let i = 0; i < 100 && got.length === 0; i++) {
          await sql`select pg_notify('sqldb_reconnect', 'after')`.execute(db.db);
          await sleep(100);
        }
        expect(got[0]).toBe('after');
      } finally {
        await db.close();
      }
    });
  });
} else {
  notRun('openSqlDatabase on postgres', POSTGRES_ONLY_REASON);
}
