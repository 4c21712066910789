// Findings: written once while open (the unique index on kind, member and hold of the open rows), so a
// check that meets the same discrepancy batch after batch writes nothing new, and each new one is one
// critical occurrence in the error monitor. A member compared clean again resolves their open balance
// findings (a rebuild, a repair), the economy its open sum finding; a hold settled twice stays in the log.
// Each piece is a statement a caller runs in a WITH of its own writes: one round trip, all or nothing.
import { sql, type RawBuilder } from 'kysely';
import type { LedgerFindingKind } from '../contracts/admin-ledger-audit.js';
import type { NewFinding } from './fold.js';
import { AUDIT_TABLES } from './tables.js';

export type FoundBy = 'continuous' | 'full-audit';

export interface StoredFinding extends NewFinding {
  id: string;
  foundBy: FoundBy;
  foundAt: Date;
}

export interface WrittenFindingRow {
  id: string;
  kind: LedgerFindingKind;
  member_id: string | null;
  hold_id: string | null;
}

const DETAIL_MAX = 1000;
const findingsTable = sql.table(AUDIT_TABLES.findings);

/** Inserts the findings not open already, answering the rows it wrote (`id, kind, member_id, hold_id`). */
export const insertFindings = (findings: readonly NewFinding[], context: { foundBy: FoundBy; foundAt: Date; runId: string | null }): RawBuilder<WrittenFindingRow> => {
  const column = <T>(pick: (f: NewFinding) => T) => findings.map(pick);
  return sql<WrittenFindingRow>`
    insert into ${findingsTable}
      (kind, member_id, hold_id, position, expected_available, expected_held, found_available, found_held, detail, found_by, found_at, run_id)
    select n.kind, n.member_id, n.hold_id, n.position, n.ea, n.eh, n.fa, n.fh, n.detail, ${context.foundBy}, ${context.foundAt}, ${context.runId}::uuid
    from unnest(
      ${column((f) => f.kind)}::text[], ${column((f) => f.memberId)}::text[], ${column((f) => f.holdId)}::text[],
      ${column((f) => f.position.toString())}::bigint[],
      ${column((f) => f.expected?.available ?? null)}::int[], ${column((f) => f.expected?.held ?? null)}::int[],
      ${column((f) => f.found?.available ?? null)}::int[], ${column((f) => f.found?.held ?? null)}::int[],
      ${column((f) => f.detail.slice(0, DETAIL_MAX))}::text[]
    ) as n(kind, member_id, hold_id, position, ea, eh, fa, fh, detail)
    on conflict do nothing
    returning id::text as id, kind, member_id, hold_id`;
};

/** The findings a statement wrote, matched back to what was found by their key (unique among open rows). */
export const storedFindings = (findings: readonly NewFinding[], written: readonly WrittenFindingRow[], context: { foundBy: FoundBy; foundAt: Date }): StoredFinding[] => {
  const key = (kind: string, member: string | null, hold: string | null) => `${kind}\u0000${member ?? ''}\u0000${hold ?? ''}`;
  const byKey = new Map(findings.map((f) => [key(f.kind, f.memberId, f.holdId), f] as const));
  return written.flatMap((row) => {
    const finding = byKey.get(key(row.kind, row.member_id, row.hold_id));
    return finding ? [{ ...finding, id: row.id, foundBy: context.foundBy, foundAt: context.foundAt }] : [];
  });
};

/** Resolves the open balance findings of these members, compared clean at `position` (found there or before). */
export const resolveMembers = (memberIds: readonly string[], position: bigint, at: Date): RawBuilder<unknown> => sql`
  update ${findingsTable} set resolved_at = ${at}
  where resolved_at is null and kind in ('balance', 'missing-row') and member_id = any(${memberIds}::text[]) and position <= ${position.toString()}::bigint
  returning id`;

/** Resolves every open balance finding found at or before `position` but those of `still` (a full audit compared every member). */
export const resolveAllMembersBut = (still: readonly string[], position: bigint, at: Date): RawBuilder<unknown> => sql`
  update ${findingsTable} set resolved_at = ${at}
  where resolved_at is null and kind in ('balance', 'missing-row') and position <= ${position.toString()}::bigint
    and not (member_id = any(${still}::text[]))
  returning id`;

/** Resolves the open finding of the economy's sum (the continuous check's: no member) found at or before `position`. */
export const resolveSum = (position: bigint, at: Date): RawBuilder<unknown> => sql`
  update ${findingsTable} set resolved_at = ${at}
  where resolved_at is null and kind = 'sum' and member_id is null and position <= ${position.toString()}::bigint
  returning id`;

/** Resolves every open sum finding found at or before `position` but those found again (`still`: `member/hold` keys). */
export const resolveSumsBut = (still: readonly string[], position: bigint, at: Date): RawBuilder<unknown> => sql`
  update ${findingsTable} set resolved_at = ${at}
  where resolved_at is null and kind = 'sum' and position <= ${position.toString()}::bigint
    and not (coalesce(member_id, '') || '/' || coalesce(hold_id, '') = any(${still}::text[]))
  returning id`;

export const sumKey = (finding: Pick<NewFinding, 'memberId' | 'holdId'>) => `${finding.memberId ?? ''}/${finding.holdId ?? ''}`;
