// Full audits as runs (ledger_audit_runs, the contract's ledgerAuditRunSchema): one at a time, whatever the
// number of API processes. On PostgreSQL the process that runs one holds a session advisory lock for it on
// a connection of its own (as the projection runtime holds its followers'); a process that cannot take the
// lock answers the run the holder is running. A 'running' row whose lock nobody holds belongs to a process
// that died: the next holder marks it failed. The unique index on the running row and on `scheduled_for`
// keep the table honest besides. PGlite belongs to one process: the run under way here is the only one.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { SqlConnection } from '../../eventstore/sql-database.js';
import type { LedgerAuditRun } from '../contracts/admin-ledger-audit.js';
import { insertFindings, resolveAllMembersBut, resolveSumsBut, storedFindings, sumKey, type StoredFinding } from './findings.js';
import { auditEveryMember, type AuditProgress, type FullAuditDeps } from './full-audit.js';
import { AUDIT_TABLES } from './tables.js';

/** Ours among the advisory locks (the projection runtime's classes are 736_001 to 736_003). */
const RUN_LOCK = { class: 736_004, name: 'ledger-audit' } as const;
/** How often a run's progress is written (and told to the admins' sockets). */
const PROGRESS_EVERY_MS = 500;

export type RunTrigger = { kind: 'manual'; by: string } | { kind: 'schedule'; slot: Date };

export interface RunsDeps extends FullAuditDeps {
  sql: SqlConnection;
  clock: () => Date;
  onFindings: (findings: StoredFinding[]) => void;
  /** A run started, moved or ended (the live notice). */
  onChange: () => void;
  onError: (error: unknown) => void;
}

interface RunRow {
  id: string;
  state: LedgerAuditRun['state'];
  trigger: LedgerAuditRun['trigger'];
  started_by: string | null;
  started_at: Date | string;
  finished_at: Date | string | null;
  position: string | null;
  done: number;
  total: number;
  members_checked: number;
  findings: number;
  error: string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const toRun = (row: RunRow): LedgerAuditRun => ({
  id: row.id,
  state: row.state,
  trigger: row.trigger,
  startedBy: row.started_by,
  startedAt: iso(row.started_at)!,
  finishedAt: iso(row.finished_at),
  position: row.position,
  progress: { done: Number(row.done), total: Number(row.total) },
  membersChecked: Number(row.members_checked),
  findings: Number(row.findings),
  error: row.error,
});

const runs = sql.table(AUDIT_TABLES.runs);
const runColumns = sql`id::text as id, state, trigger, started_by, started_at, finished_at, position::text as position, done, total, members_checked, findings, error`;

/** The running full audit, else the latest one; null before the first. */
export const latestRun = async (db: Kysely<unknown>): Promise<LedgerAuditRun | null> => {
  const { rows } = await sql<RunRow>`select ${runColumns} from ${runs} order by state = 'running' desc, seq desc limit 1`.execute(db);
  return rows[0] ? toRun(rows[0]) : null;
};

/** The lock that makes this process the one running a full audit; null when another holds it. */
const takeRunLock = async (connection: SqlConnection): Promise<{ release(): Promise<void> } | null> => {
  if (!connection.pool) return { release: async () => {} };
  const client: pg.PoolClient = await connection.pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as locked', [RUN_LOCK.class, RUN_LOCK.name]);
    if (rows[0]?.locked !== true) {
      client.release();
      return null;
    }
  } catch (error) {
    client.release(true);
    throw error;
  }
  return {
    async release() {
      // Ended with its connection either way: unlocked first so the next holder need not wait for the server to notice.
      await client.query('select pg_advisory_unlock($1, hashtext($2))', [RUN_LOCK.class, RUN_LOCK.name]).catch(() => {});
      client.release(true);
    },
  };
};

export const createRuns = (deps: RunsDeps) => {
  const db = deps.sql.handle;
  let local: { id: string; done: Promise<void>; abort: AbortController } | null = null;
  /** Claimed before the first await, so two calls in this process at once start one run. */
  let starting: Promise<LedgerAuditRun | null> | null = null;

  /** The run of the process holding the lock: it inserts its row just after it takes the lock, so a moment's wait finds it (or its end). */
  const holdersRun = async (before: LedgerAuditRun | null): Promise<LedgerAuditRun | null> => {
    for (let attempt = 0; ; attempt++) {
      const latest = await latestRun(db);
      if (latest?.state === 'running' || latest?.id !== before?.id || attempt === 50) return latest;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  const execute = async (id: string, lock: { release(): Promise<void> }, abort: AbortController) => {
    let lastWrite = 0;
    let writing: Promise<unknown> = Promise.resolve();
    const onProgress = (progress: AuditProgress) => {
      const now = Date.now();
      if (now - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = now;
      writing = writing
        .then(() =>
          sql`update ${runs} set done = ${progress.done}, total = ${progress.total}, members_checked = ${progress.membersChecked} where id = ${id}::uuid and state = 'running'`.execute(
            db,
          ),
        )
        .then(deps.onChange, deps.onError);
    };
    try {
      const startedAt = deps.clock();
      const outcome = await auditEveryMember(deps, { startedAt, signal: abort.signal, onProgress });
      await writing;
      const now = deps.clock();
      const at = outcome.position ?? 0n;
      const stillMembers = outcome.findings.filter((f) => f.kind === 'balance' || f.kind === 'missing-row').map((f) => f.memberId!);
      const stillSums = outcome.findings.filter((f) => f.kind === 'sum').map(sumKey);
      const { rows } = await sql<{ id: string; kind: StoredFinding['kind']; member_id: string | null; hold_id: string | null }>`
        with
          resolved as (${resolveAllMembersBut(stillMembers, at, now)}),
          sums as (${resolveSumsBut(stillSums, at, now)}),
          run as (
            update ${runs} set state = 'finished', finished_at = ${now}, position = ${outcome.position?.toString() ?? null}::bigint,
              done = ${outcome.progress.done}, total = ${outcome.progress.total}, members_checked = ${outcome.membersChecked}, findings = ${outcome.findings.length}
            where id = ${id}::uuid returning 1),
          found as (${insertFindings(outcome.findings, { foundBy: 'full-audit', foundAt: now, runId: id })})
        select * from found`.execute(db);
      deps.onFindings(storedFindings(outcome.findings, rows, { foundBy: 'full-audit', foundAt: now }));
    } catch (error) {
      await writing.catch(() => {});
      const message = abort.signal.aborted ? 'The server stopped before the audit finished.' : error instanceof Error ? error.message : String(error);
      await sql`update ${runs} set state = 'failed', finished_at = ${deps.clock()}, error = ${message.slice(0, 2000)} where id = ${id}::uuid`
        .execute(db)
        .catch(deps.onError);
      if (!abort.signal.aborted) deps.onError(error);
    } finally {
      await lock.release();
      deps.onChange();
    }
  };

  const begin = async (trigger: RunTrigger): Promise<LedgerAuditRun | null> => {
    const before = deps.sql.pool ? await latestRun(db) : null;
    const lock = await takeRunLock(deps.sql);
    if (!lock) return trigger.kind === 'manual' ? holdersRun(before) : null;
    try {
      const now = deps.clock();
      // Nobody holds the lock: a row still running is a dead process's.
      await sql`update ${runs} set state = 'failed', finished_at = ${now}, error = 'The process running it stopped before it finished.' where state = 'running'`.execute(
        db,
      );
      const id = randomUUID();
      const { rows } = await sql<RunRow>`
        insert into ${runs} (id, state, trigger, started_by, started_at, scheduled_for)
        values (${id}::uuid, 'running', ${trigger.kind}, ${trigger.kind === 'manual' ? trigger.by : null}, ${now}, ${trigger.kind === 'schedule' ? trigger.slot : null})
        on conflict (scheduled_for) do nothing
        returning ${runColumns}`.execute(db);
      // The slot ran already (another process's timer came first).
      if (!rows[0]) {
        await lock.release();
        return null;
      }
      const abort = new AbortController();
      local = { id, abort, done: execute(id, lock, abort).finally(() => (local = null)) };
      deps.onChange();
      return toRun(rows[0]);
    } catch (error) {
      await lock.release();
      throw error;
    }
  };

  return {
    /** Starts a full audit, or answers the one running (here or in another process); null: a schedule's slot ran already. */
    async start(trigger: RunTrigger): Promise<LedgerAuditRun | null> {
      if (local) return trigger.kind === 'manual' ? latestRun(db) : null;
      if (starting) return trigger.kind === 'manual' ? starting.then(async (run) => run ?? latestRun(db)) : null;
      starting = begin(trigger).finally(() => (starting = null));
      return starting;
    },
    /** Resolves once the run under way in this process, if any, has ended. */
    async settled(): Promise<void> {
      await starting?.catch(() => {});
      await local?.done;
    },
    async stop(): Promise<void> {
      await starting?.catch(() => {});
      local?.abort.abort(new Error('stopped'));
      await local?.done;
    },
  };
};
