// Issue 33 point 3: one full ledger audit at a time across several API processes on one PostgreSQL. The
// process running one holds an advisory lock for it; another process asked for one answers the run the
// holder runs, and a 'running' row whose lock nobody holds (its process died) is marked failed by the next
// run. A second ledger audit in this test process, on its own connections, stands for a second process.
// PostgreSQL only: PGlite belongs to one process.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerAuditResponse, LedgerAuditRun } from '../../api/contracts/admin-ledger-audit.js';
import { createLedgerAudit, type LedgerAudit } from '../../api/ledger-audit/create-ledger-audit.js';
import { openSqlDatabase, type SqlDatabase } from '../../eventstore/sql-database.js';
import { createSqlEventStore } from '../../eventstore/sql-event-store.js';
import type { EventStore } from '../../eventstore/types.js';
import { notRun, POSTGRES_ONLY_REASON } from '../support/not-run.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const ADMIN = 'ada-processes@example.com';

if (process.env.TEST_DATABASE_URL) {
  describe('one full ledger audit at a time across API processes', () => {
    let server: TestServer;
    let admin: ApiClient;
    let otherSql: SqlDatabase<unknown>;
    let otherStore: EventStore;
    let other: LedgerAudit;
    let url: string;
    beforeAll(async () => {
      server = await startTestServer({ env: { ADMIN_EMAILS: ADMIN } });
      admin = await signIn(server.url, ADMIN, 'Ada');
      await signIn(server.url, 'ola-processes@example.com', 'Ola');
      // The server's own database (a fresh one per test server).
      url = (server.sql.pool as unknown as { options: { connectionString: string } }).options.connectionString;
      otherSql = await openSqlDatabase<unknown>({ url, poolSize: 3 });
      otherStore = await createSqlEventStore(otherSql);
      other = createLedgerAudit({
        sql: otherSql,
        store: otherStore,
        clock: () => new Date(),
        schedule: { kind: 'off' },
        errors: { ledgerAudit: () => {} },
        onError: () => {},
      });
    }, 60_000);
    afterAll(async () => {
      await other?.stop();
      await otherStore?.close();
      await otherSql?.close();
      await server?.close();
    });

    const audit = async () => (await admin.get<LedgerAuditResponse>('/api/admin/audit/ledger')).body;

    it('answers the run another process is running', async () => {
      // The other process, as it runs one: the lock held, its row running.
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      try {
        await holder.query(`select pg_advisory_lock(736004, hashtext('ledger-audit'))`);
        const id = randomUUID();
        await holder.query(`insert into ledger_audit_runs (id, state, trigger, started_at) values ($1, 'running', 'manual', now())`, [id]);
        const [a, b] = await Promise.all([admin.post<LedgerAuditRun>('/api/admin/audit/ledger/run', {}), other.run('someone')]);
        expect(a.status).toBe(202);
        expect([a.body.id, b.id]).toEqual([id, id]);
        expect((await audit()).run).toMatchObject({ id, state: 'running' });
      } finally {
        // The process dies: its lock goes with its connection, its row stays 'running'.
        await holder.end();
      }
    });

    it('marks a run whose process died failed, and runs the next one', async () => {
      const dead = (await audit()).run!;
      const started = await admin.post<LedgerAuditRun>('/api/admin/audit/ledger/run', {});
      expect(started.status).toBe(202);
      expect(started.body.id).not.toBe(dead.id);
      await server.operations.ledgerAudit.settled();
      const { rows } = await server.sql.pool!.query<{ state: string; error: string | null }>('select state, error from ledger_audit_runs where id = $1', [dead.id]);
      expect(rows[0]).toEqual({ state: 'failed', error: 'The process running it stopped before it finished.' });
      expect((await audit()).run).toMatchObject({ id: started.body.id, state: 'finished', findings: 0 });
    });

    it('starts one run when two processes are asked at once', async () => {
      const [a, b] = await Promise.all([server.operations.ledgerAudit.run(admin.memberId), other.run(admin.memberId)]);
      expect(b.id).toBe(a.id);
      await Promise.all([server.operations.ledgerAudit.settled(), other.settled()]);
      const { rows } = await server.sql.pool!.query<{ n: number }>(`select count(*)::int as n from ledger_audit_runs where state = 'running'`);
      expect(rows[0]!.n).toBe(0);
    });
  });
} else {
  notRun('one full ledger audit at a time across API processes', POSTGRES_ONLY_REASON);
}
