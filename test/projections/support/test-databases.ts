// The database projection tests run against: PostgreSQL when TEST_DATABASE_URL is set, each test file in
// a fresh, uniquely named database that is dropped afterwards; PGlite otherwise. Not both: the PGlite
// pass of `npm test` already ran the PGlite cases, and the PostgreSQL pass runs each file again for its
// engine only (issue 29 item 19).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openSqlDatabase, type SqlDatabase } from '../../../eventstore/sql-database.js';
import type { ReadModelsDb } from '../../../projections/read-models.js';
import { openBlankPglite } from '../../support/blank-pglite.js';

export interface TestDatabase {
  kind: 'pglite' | 'postgres';
  /** Environment for connectFromEnv in a child process (PGlite must then be file-backed). */
  env: Record<string, string>;
  open(): Promise<SqlDatabase<ReadModelsDb>>;
  /** Deletes the database (or the data directory). Close every handle first. */
  destroy(): Promise<void>;
}

export interface TestTarget {
  kind: 'pglite' | 'postgres';
  create(options?: { fileBacked?: boolean }): Promise<TestDatabase>;
}

const pgliteTarget: TestTarget = {
  kind: 'pglite',
  async create({ fileBacked = false } = {}) {
    const dir = fileBacked ? mkdtempSync(join(tmpdir(), 'skillswap-projections-')) : null;
    const env: Record<string, string> = dir ? { PGLITE_DATA_DIR: dir } : {};
    return {
      kind: 'pglite',
      env,
      open: () => (dir ? openSqlDatabase<ReadModelsDb>({ dataDir: dir }) : openBlankPglite<ReadModelsDb>()),
      async destroy() {
        if (dir) rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

const postgresTarget = (adminUrl: string): TestTarget => ({
  kind: 'postgres',
  async create() {
    const name = `projections_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database "${name}"`);
    } finally {
      await admin.end();
    }
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      kind: 'postgres',
      env: { DATABASE_URL: url.toString() },
      open: () => openSqlDatabase<ReadModelsDb>({ url: url.toString(), poolSize: 5 }),
      async destroy() {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        try {
          await client.query(`drop database if exists "${name}" with (force)`);
        } finally {
          await client.end();
        }
      },
    };
  },
});

export const testTargets = (): TestTarget[] => {
  const url = process.env.TEST_DATABASE_URL?.trim();
  return url ? [postgresTarget(url)] : [pgliteTarget];
};
