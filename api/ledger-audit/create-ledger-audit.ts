// The ledger audit (issue 33 point 3), made once by the composition root (api/main.ts): the check after every
// batch (a follower the projection runtime runs), the full audit on demand and on the schedule, what
// GET /api/admin/audit/ledger answers, and what the admins hear: each new finding as one critical occurrence
// in the error monitor, and `ledger_audit_changed` on their sockets (a NOTIFY, so every API process's
// admins hear it).
import type { Checkpoint, EventStore } from '../../eventstore/types.js';
import type { SqlConnection } from '../../eventstore/sql-database.js';
import { CHANGES_CHANNEL } from '../../projections/runtime/notices.js';
import type { ChangeNotice } from '../../projections/types.js';
import type { LedgerDiscrepancyCapture } from '../error-monitor/error-recorder.js';
import type { LedgerAuditSchedule } from '../config.js';
import { LEDGER_AUDIT_CHANGED, type LedgerAuditChangedMessage, type LedgerAuditResponse, type LedgerAuditRun } from '../contracts/admin-ledger-audit.js';
import { continuousLedgerCheck } from './continuous-check.js';
import type { StoredFinding } from './findings.js';
import { ledgerAuditStatus } from './queries.js';
import { createRuns } from './runs.js';
import { latestDueSlot, nextSlotAfter } from './schedule.js';
import { migrateLedgerAudit } from './tables.js';

export interface LedgerAuditOptions {
  sql: SqlConnection;
  store: EventStore;
  clock: () => Date;
  schedule: LedgerAuditSchedule;
  /** The error monitor's capture (api/error-monitor/error-recorder.ts). */
  errors: { ledgerAudit(capture: LedgerDiscrepancyCapture): void };
  /** The projection runtime's waitFor for the ledger's read models (read-your-writes' own wait, event-driven). */
  waitForReadModels?: (checkpoint: Checkpoint, timeoutMs: number) => Promise<unknown>;
  onError: (error: unknown, what: string) => void;
  /** Events per read of the log in a full audit; default 2,000 on PGlite, 10,000 on PostgreSQL. */
  pageSize?: number | undefined;
}

/** What the admin routes and the operations object stand on. */
export interface LedgerAuditOperations {
  status(): Promise<LedgerAuditResponse>;
  /** Starts a full audit asked by this admin, or answers the one running. */
  run(adminId: string): Promise<LedgerAuditRun>;
  /** Starts the schedule's full audit when its slot is due (the timer calls it; tests call it after moving the clock). */
  tick(): Promise<LedgerAuditRun | null>;
  /** Resolves once the full audit under way in this process, if any, has ended. */
  settled(): Promise<void>;
}

export interface LedgerAudit extends LedgerAuditOperations {
  /** The check after every batch, for the projection runtime's reactors (matched by shape). */
  follower: ReturnType<typeof continuousLedgerCheck>;
  /** Makes the audit's tables: before the projection runtime starts its follower. */
  migrate(): Promise<void>;
  /** Starts the schedule's timer. */
  start(): void;
  stop(): Promise<void>;
}

const CHANGED: ChangeNotice<LedgerAuditChangedMessage>[] = [{ audience: { to: 'admins' }, payload: { type: LEDGER_AUDIT_CHANGED } }];
/** At most one notice per this long; one more at its end when something changed meanwhile. */
const NOTICE_EVERY_MS = 500;
/** The timer looks at the clock at least this often (the clock may be moved: the development clock, tests). */
const TIMER_MAX_MS = 5 * 60_000;

export const createLedgerAudit = (options: LedgerAuditOptions): LedgerAudit => {
  const { sql, store, clock, schedule } = options;
  const db = sql.handle;

  let lastNotice = 0;
  let trailing: NodeJS.Timeout | null = null;
  const sendNotice = () => {
    lastNotice = Date.now();
    sql.notify(CHANGES_CHANNEL, JSON.stringify(CHANGED)).catch((error: unknown) => options.onError(error, 'ledger audit notice'));
  };
  const changed = () => {
    if (trailing) return;
    const wait = lastNotice + NOTICE_EVERY_MS - Date.now();
    if (wait <= 0) return sendNotice();
    trailing = setTimeout(() => ((trailing = null), sendNotice()), wait);
    trailing.unref();
  };
  const found = (findings: StoredFinding[]) => {
    for (const f of findings) {
      options.errors.ledgerAudit({ kind: f.kind, memberId: f.memberId, position: f.position.toString(), detail: f.detail, foundBy: f.foundBy });
    }
    if (findings.length > 0) changed();
  };

  const runs = createRuns({
    sql,
    db,
    store,
    clock,
    // Each read holds PGlite's one connection, members' requests included: smaller pages there.
    pageSize: options.pageSize ?? (sql.kind === 'pglite' ? 2_000 : 10_000),
    onFindings: found,
    onChange: changed,
    onError: (error) => options.onError(error, 'full ledger audit'),
  });
  const follower = continuousLedgerCheck({ db, store, clock, waitForReadModels: options.waitForReadModels, onFindings: found });

  let nextSlot: Date | null = nextSlotAfter(schedule, clock());
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const tick = async (): Promise<LedgerAuditRun | null> => {
    const now = clock();
    if (nextSlot === null || now < nextSlot) return null;
    const slot = latestDueSlot(schedule, nextSlot, now);
    nextSlot = nextSlotAfter(schedule, slot);
    return runs.start({ kind: 'schedule', slot });
  };
  const arm = () => {
    if (stopped || nextSlot === null) return;
    const wait = Math.min(Math.max(nextSlot.getTime() - clock().getTime(), 1_000), TIMER_MAX_MS);
    timer = setTimeout(() => {
      tick()
        .catch((error: unknown) => options.onError(error, 'scheduled ledger audit'))
        .finally(arm);
    }, wait);
    timer.unref();
  };

  return {
    follower,
    migrate: async () => {
      await migrateLedgerAudit(db);
    },
    start: arm,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (trailing) clearTimeout(trailing);
      await runs.stop();
    },
    status: () => ledgerAuditStatus(db, nextSlot),
    async run(adminId) {
      const run = await runs.start({ kind: 'manual', by: adminId });
      if (!run) throw new Error('No full audit could be started or found');
      return run;
    },
    tick,
    settled: () => runs.settled(),
  };
};
