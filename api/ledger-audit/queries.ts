// What GET /api/admin/audit/ledger answers: the continuous check's state, the running or latest full audit,
// the open findings newest first (with the member's name from the members read model).
import { sql, type Kysely } from 'kysely';
import { LEDGER_FINDINGS_SHOWN, type LedgerFinding } from '../contracts/admin-ledger-audit.js';
import type { LedgerAuditResponse } from '../contracts/admin-ledger-audit.js';
import { readCheckState } from './continuous-check.js';
import { latestRun } from './runs.js';
import { AUDIT_TABLES } from './tables.js';

interface FindingRow {
  id: string;
  kind: LedgerFinding['kind'];
  member_id: string | null;
  member_name: string | null;
  hold_id: string | null;
  position: string;
  expected_available: number | null;
  expected_held: number | null;
  found_available: number | null;
  found_held: number | null;
  detail: string;
  found_by: LedgerFinding['foundBy'];
  found_at: Date | string;
}

const points = (available: number | null, held: number | null) => (available === null || held === null ? null : { available: Number(available), held: Number(held) });

const toFinding = (row: FindingRow): LedgerFinding => ({
  id: row.id,
  kind: row.kind,
  memberId: row.member_id,
  memberName: row.member_name,
  position: row.position,
  expected: points(row.expected_available, row.expected_held),
  found: points(row.found_available, row.found_held),
  holdId: row.hold_id,
  detail: row.detail,
  foundBy: row.found_by,
  foundAt: new Date(row.found_at).toISOString(),
});

export const openFindings = async (db: Kysely<unknown>, limit = LEDGER_FINDINGS_SHOWN): Promise<LedgerFinding[]> => {
  const { rows } = await sql<FindingRow>`
    select f.id::text as id, f.kind, f.member_id, m.name as member_name, f.hold_id, f.position::text as position,
      f.expected_available, f.expected_held, f.found_available, f.found_held, f.detail, f.found_by, f.found_at
    from ${sql.table(AUDIT_TABLES.findings)} f left join members m on m.id = f.member_id
    where f.resolved_at is null
    order by f.id desc limit ${limit}`.execute(db);
  return rows.map(toFinding);
};

export const ledgerAuditStatus = async (db: Kysely<unknown>, nextScheduledAt: Date | null): Promise<LedgerAuditResponse> => {
  const [state, run, findings] = await Promise.all([readCheckState(db), latestRun(db), openFindings(db)]);
  return {
    continuous: {
      checkedThrough: state.position,
      checkedAt: state.checkedAt?.toISOString() ?? null,
      totals: state.position === null ? null : state.totals,
    },
    run,
    nextScheduledAt: nextScheduledAt?.toISOString() ?? null,
    findings,
  };
};
