// A uniquely named PostgreSQL database for one test file, so concurrent test runs never collide.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export interface TempDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** The server tests may use, if any (TEST_DATABASE_URL, else DATABASE_URL). */
export const testPostgresUrl = (): string | undefined => process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;

export async function createTempDatabase(serverUrl: string, prefix = 'es_test'): Promise<TempDatabase> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
