// The ledger check after every batch (issue 33 point 3): a follower of the log on the projection runtime
// (a reactor by shape, commands/reactor.ts, though it issues no command) handling the ledger's events.
// Per batch it folds the batch into its own tables with the domain's evolveLedger (only the rows of the
// members, holds and transfers the batch names are read: O(its events + touched members), never a ledger
// read again or a sum over members), checks the economy's running totals and the holds settled twice, then
// compares each touched member's balance row with their fold AT THE SAME LOG POSITION: it waits (bounded)
// for the balances read model to reach the batch, reads its rows and checkpoint in one statement, and folds
// the touched members on through the events between the batch and that checkpoint. A read model behind or
// ahead of the fold is never compared with it (false alarms). Everything it writes is one statement.
import { sql, type Kysely } from 'kysely';
import type { LedgerState } from '../../domain/ledger/state.js';
import type { Checkpoint, EventStore, RecordedEvent } from '../../eventstore/types.js';
import { WaitForTimeoutError } from '../../projections/runtime/errors.js';
import { insertFindings, resolveMembers, resolveSum, storedFindings, type StoredFinding, type WrittenFindingRow } from './findings.js';
import {
  asLedgerEvent,
  compareBalance,
  compareTotals,
  foldLedgerEvent,
  holdOf,
  ledgerEventTypes,
  memberOf,
  partialLedgerState,
  settledTwice,
  withHolds,
  type NewFinding,
  type Points,
  type StoredHold,
  type Totals,
} from './fold.js';
import { AUDIT_TABLES } from './tables.js';

export const LEDGER_AUDIT_FOLLOWER = 'ledger-audit';
const BALANCES = 'balances';

export interface ContinuousCheckDeps {
  db: Kysely<unknown>;
  store: Pick<EventStore, 'readAll' | 'compareCheckpoints'>;
  clock: () => Date;
  /** Resolves once this process's read models have passed the checkpoint (the runtime's waitFor); the check then reads the row itself. */
  waitForReadModels?: (checkpoint: Checkpoint, timeoutMs: number) => Promise<unknown>;
  /** Told each finding written (the error monitor) and each batch checked (the live notice). */
  onFindings: (findings: StoredFinding[]) => void;
  /** How long a batch waits for the balances read model before the follower tries it again. Default 5000 ms. */
  waitMs?: number;
  /** How far (events) the read model may stand ahead of the batch for the check to fold up to it; further, it is catching up. Default 1000. */
  windowEvents?: number;
}

export interface CheckState {
  checkpoint: string | null;
  position: string | null;
  totals: Totals;
  checkedAt: Date | null;
}

interface Loaded {
  state: { checkpoint: string | null; granted: number; available: number; held: number; in_transit: number } | null;
  members: { member_id: string; available: number; held: number }[] | null;
  holds: { member_id: string; hold_id: string; kind: 'hold' | 'receipt'; amount: number; state: StoredHold['state'] }[] | null;
  transfers: { hold_id: string; amount: number }[] | null;
}

const T = AUDIT_TABLES;
const unique = <V>(values: Iterable<V>) => [...new Set(values)];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The running totals, the members' folds and the holds and transfers named: one round trip. */
const load = async (db: Kysely<unknown>, members: string[], pairs: [string, string][], transfers: string[]): Promise<Loaded> => {
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

const holdsOf = (rows: Loaded['holds']): Map<string, StoredHold[]> => {
  const byMember = new Map<string, StoredHold[]>();
  for (const row of rows ?? []) {
    const list = byMember.get(row.member_id) ?? [];
    list.push({ holdId: row.hold_id, kind: row.kind, amount: Number(row.amount), state: row.state });
    byMember.set(row.member_id, list);
  }
  return byMember;
};

const pairsOf = (events: readonly RecordedEvent[]): [string, string][] => {
  const seen = new Map<string, [string, string]>();
  for (const event of events) {
    const hold = holdOf(event);
    if (hold !== null) seen.set(`${memberOf(event)}\u0000${hold}`, [memberOf(event), hold]);
  }
  return [...seen.values()];
};

/** The balances read model's checkpoint and the rows of these members, in one statement (one snapshot). */
const snapshot = async (db: Kysely<unknown>, members: string[]): Promise<{ checkpoint: string | null; rows: Map<string, Points> }> => {
  try {
    const { rows } = await sql<{ checkpoint: string | null; member_id: string | null; available_points: number | null; held_points: number | null }>`
      select c.checkpoint, b.member_id, b.available_points, b.held_points
      from projection_checkpoints c left join balances b on b.member_id = any(${members}::text[])
      where c.name = ${BALANCES}`.execute(db);
    const found = new Map<string, Points>();
    for (const row of rows) if (row.member_id !== null) found.set(row.member_id, { available: Number(row.available_points), held: Number(row.held_points) });
    return { checkpoint: rows[0]?.checkpoint ?? null, rows: found };
  } catch (error) {
    // The read model's tables are made while the followers start: until then it stands nowhere.
    if ((error as { code?: string }).code === '42P01') return { checkpoint: null, rows: new Map() };
    throw error;
  }
};

/** Waits for the balances read model to reach `target`, then answers its snapshot; else throws (transient: the batch is tried again). */
const balancesAt = async (deps: ContinuousCheckDeps, target: Checkpoint, members: string[]) => {
  const waitMs = deps.waitMs ?? 5000;
  const deadline = Date.now() + waitMs;
  await deps.waitForReadModels?.(target, waitMs).catch(() => {});
  for (let pause = 2; ; pause = Math.min(pause * 2, 100)) {
    const snap = await snapshot(deps.db, members);
    if (snap.checkpoint !== null && deps.store.compareCheckpoints(snap.checkpoint, target) >= 0) return { ...snap, checkpoint: snap.checkpoint };
    if (Date.now() >= deadline) throw new WaitForTimeoutError(target, waitMs, [{ name: BALANCES, checkpoint: snap.checkpoint }]);
    await sleep(pause);
  }
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

export const checkBatch = async (deps: ContinuousCheckDeps, events: readonly RecordedEvent[]): Promise<void> => {
  if (events.length === 0) return;
  const { db, store } = deps;
  const compare = (a: Checkpoint | null, b: Checkpoint | null) => store.compareCheckpoints(a, b);
  const last = events.at(-1)!;
  const members = unique(events.map(memberOf));
  const receipts = events.filter((e) => e.type === 'PointsReceived').map((e) => holdOf(e)!);
  const loaded = await load(db, members, pairsOf(events), unique(receipts));
  const stored = loaded.state;
  // A batch run again (a crash before the follower's checkpoint moved) folds only what the tables have not.
  const fresh = stored?.checkpoint ? events.filter((e) => compare(e.checkpoint, stored.checkpoint) > 0) : [...events];

  const holds = holdsOf(loaded.holds);
  const rowOf = new Map((loaded.members ?? []).map((m) => [m.member_id, { available: Number(m.available), held: Number(m.held) }] as const));
  const states = new Map<string, LedgerState>(members.map((m) => [m, partialLedgerState(rowOf.get(m) ?? null, holds.get(m) ?? [])]));
  const totals: Totals = {
    granted: Number(stored?.granted ?? 0),
    available: Number(stored?.available ?? 0),
    held: Number(stored?.held ?? 0),
    inTransit: Number(stored?.in_transit ?? 0),
  };
  const open = new Map((loaded.transfers ?? []).map((t) => [t.hold_id, Number(t.amount)] as const));
  const opened = new Map<string, { student: string; mentor: string; amount: number; position: bigint; at: string }>();
  const closed = new Set<string>();
  const findings: NewFinding[] = [];
  let unmatched: string | null = null;
  const foldedTo = new Map<string, bigint>();

  for (const event of fresh) {
    const member = memberOf(event);
    const before = states.get(member)!;
    const { state, note } = foldLedgerEvent(before, asLedgerEvent(event));
    states.set(member, state);
    foldedTo.set(member, event.globalPosition);
    totals.available += state.available - before.available;
    totals.held += state.held - before.held;
    if (note?.kind === 'granted') totals.granted += note.amount;
    else if (note?.kind === 'settled-twice') findings.push(settledTwice(member, note, event));
    else if (note?.kind === 'transfer-opened') {
      totals.inTransit += note.amount;
      open.set(note.holdId, note.amount);
      opened.set(note.holdId, { student: member, mentor: note.mentorId, amount: note.amount, position: event.globalPosition, at: event.metadata.occurredAt });
    } else if (note?.kind === 'transfer-received') {
      // Points arrive only for what left a student's ledger: a receipt that closes no transfer made points.
      if (open.get(note.holdId) === note.amount) {
        totals.inTransit -= note.amount;
        open.delete(note.holdId);
        if (!opened.delete(note.holdId)) closed.add(note.holdId);
      } else unmatched ??= note.holdId;
    }
  }
  const folded = fresh.at(-1);
  const sum = compareTotals(totals, (folded ?? last).globalPosition, unmatched);
  if (sum) findings.push(sum);

  // The comparison: the read model's rows and checkpoint, and each touched member folded to that checkpoint.
  const snap = await balancesAt(deps, last.checkpoint, members);
  let position = last.globalPosition;
  let atCheckpoint: Map<string, LedgerState> | null = states;
  if (compare(snap.checkpoint, last.checkpoint) > 0) {
    const window = await store.readAll({ after: last.checkpoint, limit: deps.windowEvents ?? 1000 });
    const within = window.filter((e) => compare(e.checkpoint, snap.checkpoint) <= 0);
    const reached = within.length < window.length || window.length < (deps.windowEvents ?? 1000);
    if (!reached) {
      // The read model stands far ahead (this check catches up on history): its rows show events not folded yet.
      atCheckpoint = null;
    } else {
      position = within.at(-1)?.globalPosition ?? position;
      const touched = new Set(members);
      const tail = within.filter((e) => (ledgerEventTypes as readonly string[]).includes(e.type) && touched.has(memberOf(e)));
      atCheckpoint = new Map(states);
      const missing = pairsOf(tail).filter(([member, hold]) => !states.get(member)!.holds.has(hold) && !states.get(member)!.receivedHoldIds.has(hold));
      if (missing.length > 0) {
        const more = holdsOf((await load(db, [], missing, [])).holds);
        for (const [member, list] of more) atCheckpoint.set(member, withHolds(atCheckpoint.get(member)!, list));
      }
      for (const event of tail) atCheckpoint.set(memberOf(event), foldLedgerEvent(atCheckpoint.get(memberOf(event))!, asLedgerEvent(event)).state);
    }
  }
  const clean: string[] = [];
  if (atCheckpoint) {
    for (const member of members) {
      const folded = atCheckpoint.get(member)!;
      const finding = compareBalance(member, { available: folded.available, held: folded.held }, snap.rows.get(member) ?? null, position);
      if (finding) findings.push(finding);
      else clean.push(member);
    }
  }

  const now = deps.clock();
  const written = await writeBatch(db, {
    fresh: folded !== undefined,
    checkpoint: folded?.checkpoint ?? null,
    position: folded?.globalPosition ?? null,
    totals,
    members: [...foldedTo].map(([member, at]) => ({ member, points: states.get(member)!, at })),
    holds: holdRows(fresh, states),
    opened: [...opened].map(([holdId, t]) => ({ holdId, ...t })),
    closed: [...closed],
    findings,
    clean,
    cleanAt: position,
    sumClean: sum === null ? (folded ?? last).globalPosition : null,
    now,
  });
  deps.onFindings(storedFindings(findings, written, { foundBy: 'continuous', foundAt: now }));
};

/** Each hold and receipt a fresh event named, as the fold leaves it (one row per key: an upsert touches a row once). */
const holdRows = (fresh: readonly RecordedEvent[], states: ReadonlyMap<string, LedgerState>) => {
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

interface BatchWrites {
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
const writeBatch = async (db: Kysely<unknown>, w: BatchWrites): Promise<WrittenFindingRow[]> => {
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

/** The follower the projection runtime runs (by shape: projections/runtime/reactor-consumer.ts's LogReactor). */
export const continuousLedgerCheck = (deps: ContinuousCheckDeps) => ({
  name: LEDGER_AUDIT_FOLLOWER,
  handles: ledgerEventTypes,
  react: (events: readonly RecordedEvent[]) => checkBatch(deps, events),
});
