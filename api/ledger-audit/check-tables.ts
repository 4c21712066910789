// The continuous check's own tables (tables.ts), read and written a batch at a time: the running totals, the
// members' folds and the holds and transfers a batch names in one read, and the batch's fold, findings and
// resolutions in one statement (data-modifying CTEs: all of it lands, or none).
import { sql, type Kysely } from 'kysely';
import type { LedgerState } from '../../domain/ledger/state.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { insertFindings, resolveMembers, resolveSum, type WrittenFindingRow } from './findings.js';
import { holdOf, memberOf, type NewFinding, type Points, type StoredHold, type Totals } from './fold.js';
import { AUDIT_TABLES } from './tables.js';

const T = AUDIT_TABLES;

export interface CheckState {
  checkpoint: string | null;
  position: string | null;
  totals: Totals;
  checkedAt: Date | null;
}

export interface Loaded {
  state: { checkpoint: string | null; granted: number; available: number; held: number; in_transit: number } | null;
  members: { member_id: string; available: number; held: number }[] | null;
  holds: { member_id: string; hold_id: string; kind: 'hold' | 'receipt'; amount: number; state: StoredHold['state'] }[] | null;
  transfers: { hold_id: string; amount: number }[] | null;
}

/** The running totals, the members' folds and the holds and transfers named: one round trip. */
export const loadBatchRows = async (db: Kysely<unknown>, members: string[], pairs: [string, string][], transfers: string[]): Promise<Loaded> => {
  const { rows } = await sql<Loaded>`
    select
      (select row_to_json(s) from (select checkpoint, granted, available, held, in_transit from ${sql.table(T.state)} where id = 1) s) as state,
      (select json_agg(m) from (select member_id, available, held from ${sql.table(T.members)} where member_id = any(${members}::text[])) m) as members,
      (select json_agg(h) from (select h.member_id, h.hold_id, h.kind, h.amount, h.state
         from unnest(${pairs.map((p) => p[0])}::text[], ${pairs.map((p) => p[1])}::text[]) as k(member_id, hold_id)
         cross join lateral (select * from ${sql.table(T.holds)} h where h.member_id = k.member_id and h.hold_id = k.hold_id) h) h) as holds,
      (select json_agg(t) from (select hold_id, amount from ${sql.table(T.transfers)} where hold_id = any(${transfers}::text[])) t) as transfers`.execute(db);
  return rows[0]!;
};

export const holdsOf = (rows: Loaded['holds']): Map<string, StoredHold[]> => {
  const byMember = new Map<string, StoredHold[]>();
  for (const row of rows ?? []) {
    const list = byMember.get(row.member_id) ?? [];
    list.push({ holdId: row.hold_id, kind: row.kind, amount: Number(row.amount), state: row.state });
    byMember.set(row.member_id, list);
  }
  return byMember;
};

export const readCheckState = async (db: Kysely<unknown>): Promise<CheckState> => {
  const { rows } = await sql<{
    checkpoint: string | null;
    position: string | null;
    granted: number;
    available: number;
    held: number;
    in_transit: number;
    checked_at: Date | null;
  }>`
    select checkpoint, position::text as position, granted, available, held, in_transit, checked_at from ${sql.table(T.state)} where id = 1`.execute(db);
  const row = rows[0];
  return {
    checkpoint: row?.checkpoint ?? null,
    position: row?.position ?? null,
    totals: { granted: Number(row?.granted ?? 0), available: Number(row?.available ?? 0), held: Number(row?.held ?? 0), inTransit: Number(row?.in_transit ?? 0) },
    checkedAt: row?.checked_at ? new Date(row.checked_at) : null,
  };
};

/** Each hold and receipt a fresh event named, as the fold leaves it (one row per key: an upsert touches a row once). */
export const holdRows = (fresh: readonly RecordedEvent[], states: ReadonlyMap<string, LedgerState>) => {
  const rows = new Map<string, { member: string; hold: string; kind: 'hold' | 'receipt'; amount: number; state: string }>();
  for (const event of fresh) {
    const hold = holdOf(event);
    if (hold === null) continue;
    const member = memberOf(event);
    const state = states.get(member)!;
    if (event.type === 'PointsReceived') {
      if (state.receivedHoldIds.has(hold))
        rows.set(`${member}\u0000${hold}\u0000r`, { member, hold, kind: 'receipt', amount: (event.data as { amount: number }).amount, state: 'received' });
      continue;
    }
    const folded = state.holds.get(hold);
    if (folded) rows.set(`${member}\u0000${hold}\u0000h`, { member, hold, kind: 'hold', amount: folded.amount, state: folded.state });
  }
  return [...rows.values()];
};

export interface BatchWrites {
  fresh: boolean;
  checkpoint: string | null;
  position: bigint | null;
  totals: Totals;
  members: { member: string; points: Points; at: bigint }[];
  holds: ReturnType<typeof holdRows>;
  opened: { holdId: string; student: string; mentor: string; amount: number; position: bigint; at: string }[];
  closed: string[];
  findings: NewFinding[];
  clean: string[];
  cleanAt: bigint;
  sumClean: bigint | null;
  now: Date;
}

/** The batch's fold, findings and resolutions in one statement: all of it lands, or none. */
export const writeBatch = async (db: Kysely<unknown>, w: BatchWrites): Promise<WrittenFindingRow[]> => {
  const state = w.fresh
    ? sql`update ${sql.table(T.state)} set checkpoint = ${w.checkpoint}, position = ${w.position!.toString()}::bigint, granted = ${w.totals.granted},
        available = ${w.totals.available}, held = ${w.totals.held}, in_transit = ${w.totals.inTransit}, checked_at = ${w.now} where id = 1 returning id`
    : sql`update ${sql.table(T.state)} set checked_at = ${w.now} where id = 1 returning id`;
  const { rows } = await sql<WrittenFindingRow>`
    with
      members as (
        insert into ${sql.table(T.members)} (member_id, available, held, position)
        select * from unnest(${w.members.map((m) => m.member)}::text[], ${w.members.map((m) => m.points.available)}::int[],
          ${w.members.map((m) => m.points.held)}::int[], ${w.members.map((m) => m.at.toString())}::bigint[])
        on conflict (member_id) do update set available = excluded.available, held = excluded.held, position = excluded.position
        returning 1),
      holds as (
        insert into ${sql.table(T.holds)} (member_id, hold_id, kind, amount, state)
        select * from unnest(${w.holds.map((h) => h.member)}::text[], ${w.holds.map((h) => h.hold)}::text[], ${w.holds.map((h) => h.kind)}::text[],
          ${w.holds.map((h) => h.amount)}::int[], ${w.holds.map((h) => h.state)}::text[])
        on conflict (member_id, hold_id, kind) do update set amount = excluded.amount, state = excluded.state
        returning 1),
      opened as (
        insert into ${sql.table(T.transfers)} (hold_id, student_id, mentor_id, amount, position, occurred_at)
        select * from unnest(${w.opened.map((t) => t.holdId)}::text[], ${w.opened.map((t) => t.student)}::text[], ${w.opened.map((t) => t.mentor)}::text[],
          ${w.opened.map((t) => t.amount)}::int[], ${w.opened.map((t) => t.position.toString())}::bigint[], ${w.opened.map((t) => t.at)}::timestamptz[])
        on conflict (hold_id) do nothing
        returning 1),
      closed as (delete from ${sql.table(T.transfers)} where hold_id = any(${w.closed}::text[]) returning 1),
      state as (${state}),
      resolved as (${resolveMembers(w.clean, w.cleanAt, w.now)}),
      sum_resolved as (${w.sumClean === null ? sql`select 1` : resolveSum(w.sumClean, w.now)}),
      found as (${insertFindings(w.findings, { foundBy: 'continuous', foundAt: w.now, runId: null })})
    select * from found`.execute(db);
  return rows;
};
