// The projector locks' connection on PostgreSQL: a connection the server has ended must never be taken
// for one that holds locks (issue 30: followers restarted on such a connection all failed for good).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlConnection } from '../../eventstore/sql-database.js';
import { notRun } from '../../test/support/not-run.js';
import { createLockHolder } from './advisory-lock.js';

const url = process.env.TEST_DATABASE_URL;
if (!url) notRun('the projector locks connection', 'PostgreSQL only; on PGlite one process owns the data and holds every lock');

const terminate = async (pid: number) => {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
};

const backendPid = async (client: pg.ClientBase) => (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;

describe.runIf(url)('the projector locks connection', () => {
  let pool: pg.Pool;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: url, max: 4 });
    pool.on('error', () => {});
  });
  afterAll(() => pool.end());

  it('refuses a connection the server ended before it was handed over, and destroys it', async () => {
    // What a pool hands out when the server's notice has not been read yet: a client that is already dead.
    const dead = new pg.Client({ connectionString: url });
    dead.on('error', () => {});
    await dead.connect();
    const ended = new Promise((resolve) => dead.once('end', resolve));
    await terminate(await backendPid(dead));
    await ended;
    let destroyed: unknown;
    const handedOver = Object.assign(dead, { release: (destroy?: unknown) => (destroyed = destroy) }) as unknown as pg.PoolClient;
    const sql = { pool: { connect: async () => handedOver } } as unknown as SqlConnection;
    await expect(createLockHolder(sql)).rejects.toThrow();
    expect(destroyed).toBe(true);
  });

  it('reports its locks lost once when the server ends the connection, and acquires nothing after', async () => {
    const holder = await createLockHolder({ pool } as unknown as SqlConnection);
    let lost = 0;
    holder.onLost(() => (lost += 1));
    expect(await holder.tryAcquire('projector', 'lock-test')).toBe(true);
    const { rows } = await pool.query<{ pid: number }>(
      `select pid from pg_locks where locktype = 'advisory' and classid = 736001 and objid = hashtext('lock-test')::oid and granted`,
    );
    expect(rows).toHaveLength(1);
    await terminate(rows[0]!.pid);
    // Whether the ended connection is noticed by an 'error' event or by the next statement failing.
    await holder.tryAcquire('projector', 'lock-test').catch(() => false);
    await expect.poll(() => lost).toBe(1);
    expect(await holder.tryAcquire('projector', 'lock-test')).toBe(false);
    expect(lost).toBe(1);
    await holder.close();
  });

  it('leaves its locks free for the next holder the moment it is closed', async () => {
    // A destroyed connection's locks outlive it until the server notices: a rebuild run right after
    // another one found its lock still held (CI, stop 38).
    for (let round = 0; round < 20; round++) {
      const first = await createLockHolder({ pool } as unknown as SqlConnection);
      expect(await first.tryAcquire('rebuild', 'close-test')).toBe(true);
      await first.close();
      const { rows } = await pool.query(`select 1 from pg_locks where locktype = 'advisory' and classid = 736002 and objid = hashtext('close-test')::oid`);
      expect(rows).toEqual([]);
    }
  });
});
