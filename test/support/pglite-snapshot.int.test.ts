// Issue 29 item 20: a PGlite test server starts from the run's saved, migrated database instead of
// creating and migrating one, and still starts as a fresh database (no member, no event); what one
// server writes stays out of the next.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { notRun } from './not-run.js';
import { migratedPglite } from './pglite-snapshot.js';
import { signIn, startTestServer, type TestServer } from './test-server.js';

const startedBefore = Date.now();

if (process.env.TEST_DATABASE_URL) notRun('a test server on PGlite', 'PGlite only; on PostgreSQL each test server makes a database of its own');
else
  describe('a test server on PGlite', () => {
    let server: TestServer | undefined;
    afterEach(async () => {
      await server?.close();
      server = undefined;
    });

    const migratedAt = async (s: TestServer) => {
      const { rows } = await sql<{ at: string }>`select min("timestamp") as at from projection_runtime_migrations`.execute(s.sql.db);
      return Date.parse(rows[0]!.at);
    };

    it('starts from the database migrated before this file ran', async () => {
      const start = await migratedPglite();
      expect(start?.loadDataDir?.size).toBeGreaterThan(0);
      expect(start?.pgliteWasmModule).toBeInstanceOf(WebAssembly.Module);
      server = await startTestServer();
      expect(await migratedAt(server)).toBeLessThan(startedBefore);
    });

    it('starts empty each time, whatever the previous server wrote', async () => {
      server = await startTestServer();
      await signIn(server.url, 'ada@example.com', 'Ada');
      await server.close();
      server = await startTestServer();
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from events`.execute(server.sql.db);
      expect(rows[0]!.n).toBe(0);
    });
  });
