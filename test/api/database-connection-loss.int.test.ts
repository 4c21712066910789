// Issue 29 item 1: PostgreSQL ends the app's connections in the middle of writes (a failover, an
// idle-in-transaction timeout, a network reset; here pg_terminate_backend, three times in a row) while
// six members keep posting to the feed. The app runs as its own process, so an unhandled 'error' event
// of a pg client really kills it. The process must live on; a write in flight fails with a readable
// 503; every write acknowledged with 201 is in the log exactly once, none is there twice; and writes
// after the terminations succeed and show in the read models (the pool, the LISTEN connection and the
// projectors' lock connection come back). PostgreSQL only: PGlite has no connections to lose.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_CONNECTION_LOST, DATABASE_CONNECTION_LOST_WHILE_SAVING } from '../../api/plugins/database-errors.js';
import { testPostgresUrl } from '../conformance/temp-database.js';
import { notRun, POSTGRES_ONLY_REASON } from '../support/not-run.js';
import { signInMany } from '../support/session-fixtures.js';
import type { ApiClient } from '../support/sign-in.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { freePort, startAppProcess, type AppProcess } from './support/app-process.js';

const adminUrl = testPostgresUrl();
const WRITERS = 6;
const TERMINATIONS = 3;
/** Answers to wait for after each termination before the next one, so each lands on a recovered app. */
const ANSWERS_BETWEEN = 12;

interface Answer {
  content: string;
  status: number;
  error?: string;
}

/** Resolves once `count()` reaches `target`; checked on every answer, no fixed sleeps. */
const answersSeen = () => {
  let waiters: { target: number; resolve: () => void }[] = [];
  let seen = 0;
  return {
    note() {
      seen += 1;
      waiters = waiters.filter((w) => (seen >= w.target ? (w.resolve(), false) : true));
    },
    count: () => seen,
    reach: (target: number) => (seen >= target ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ target, resolve }))),
  };
};

/** The error monitor's occurrences by source and severity. */
const readErrorOccurrences = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<{ source: string; severity: string; count: number }>('select source, severity, count(*)::int as count from telemetry_errors group by 1, 2');
  } finally {
    await client.end();
  }
};

const body = (content: string) => ({ content, category: 'design', urgency: 'low' });

if (adminUrl) {
  describe('the API when PostgreSQL ends its connections during writes', () => {
    let database: TestDatabase;
    let app: AppProcess | null = null;
    let admin: pg.Client;

    beforeAll(async () => {
      database = await createTestDatabase(adminUrl, 'skillswap_connection_loss');
      admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      app = await startAppProcess({
        DATABASE_URL: database.url,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        SESSION_SECRET: 'connection-loss-test-session-secret-0123456789',
        RATE_LIMIT_READ_PER_MINUTE: '0',
        RATE_LIMIT_WRITE_PER_MINUTE: '0',
        RATE_LIMIT_AUTH_PER_MINUTE: '0',
      });
    });

    afterAll(async () => {
      await app?.kill();
      await admin?.end();
      await database?.drop();
    });

    const terminateAppConnections = async (): Promise<number> => {
      const { rowCount } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
        new URL(database.url).pathname.slice(1),
      ]);
      return rowCount ?? 0;
    };

    it('lives on, answers the writes it lost with a readable 503 and keeps every acknowledged write exactly once', async () => {
      const url = app!.url;
      const writers = await signInMany(url, 'conn-loss', WRITERS);
      const answers: Answer[] = [];
      const progress = answersSeen();
      let stop = false;
      const loop = async (writer: ApiClient, n: number) => {
        for (let i = 0; !stop; i++) {
          const content = `Connection loss writer ${n} post ${i}`;
          const response = await writer.post<{ error?: string }>('/api/feed-posts', body(content)).catch((error: unknown) => {
            throw new Error(`The app stopped answering (${String(error)}):\n${app!.output()}`);
          });
          answers.push({ content, status: response.status, error: response.body?.error });
          progress.note();
        }
      };
      const loops = Promise.all(writers.map((writer, n) => loop(writer, n)));

      // A loop that fails (the app stopped answering) ends the wait at once.
      const reach = (target: number) => Promise.race([progress.reach(target), loops.then(() => {})]);
      await reach(ANSWERS_BETWEEN);
      for (let round = 0; round < TERMINATIONS; round++) {
        expect(await terminateAppConnections()).toBeGreaterThan(0);
        await reach(progress.count() + ANSWERS_BETWEEN);
      }
      stop = true;
      await loops;

      // Still the same process, answering.
      expect((await fetch(`${url}/api/health`)).status, app!.output()).toBeLessThan(500);

      const failed = answers.filter((a) => a.status !== 201);
      for (const answer of failed) {
        expect(answer.status, JSON.stringify(answer)).toBe(503);
        expect([DATABASE_CONNECTION_LOST, DATABASE_CONNECTION_LOST_WHILE_SAVING], JSON.stringify(answer)).toContain(answer.error);
      }

      // What the log holds: each acknowledged write once, a failed one at most once, nothing twice.
      const { rows } = await readPostContents(database.url);
      const stored = new Map(rows.map((r) => [r.content, r.count]));
      for (const answer of answers) {
        const count = stored.get(answer.content) ?? 0;
        if (answer.status === 201) expect(count, answer.content).toBe(1);
        else expect(count, answer.content).toBeLessThanOrEqual(1);
      }
      expect(rows.filter((r) => r.count > 1)).toEqual([]);

      // Later writes succeed and the read models show them: the pool, the LISTEN connection and the
      // projectors came back.
      for (const [n, writer] of writers.entries()) {
        const created = await writer.post<{ post: { id: string; content: string } }>('/api/feed-posts', body(`After the losses ${n}`));
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        expect(created.body.post.content).toBe(`After the losses ${n}`);
        const read = await writers[(n + 1) % WRITERS]!.get<{ post: { id: string } }>(`/api/posts/${created.body.post.id}`);
        expect(read.status).toBe(200);
      }
      expect(app!.output()).not.toMatch(/Unhandled 'error' event/);

      // The error monitor recorded the lost connections as critical database errors once it could write again
      // (decisions 329 and 330): every 503 above is an occurrence, none of another kind.
      if (failed.length > 0) {
        const recorded = async () =>
          (await readErrorOccurrences(database.url)).rows.filter((r) => r.source === 'server' && r.severity === 'critical').reduce((sum, r) => sum + r.count, 0);
        await expect.poll(recorded, { timeout: 15_000 }).toBe(failed.length);
      }
    });
  });
} else {
  notRun('the API when PostgreSQL ends its connections during writes', POSTGRES_ONLY_REASON);
}

const readPostContents = async (url: string): Promise<{ rows: { content: string; count: number }[] }> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ content: string; count: string }>(
      "select data->>'content' as content, count(*) as count from events where type = 'PostCreated' group by 1",
    );
    return { rows: rows.map((r) => ({ content: r.content, count: Number(r.count) })) };
  } finally {
    await client.end();
  }
};
