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
import { holdRows, holdsOf, loadBatchRows, writeBatch } from './check-tables.js';
import { storedFindings, type StoredFinding } from './findings.js';
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
  type Totals,
} from './fold.js';

export { readCheckState, type CheckState } from './check-tables.js';

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

const unique = <V>(values: Iterable<V>) => [...new Set(values)];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

/**
 * The read model's rows and checkpoint, and each touched member's fold at that checkpoint: on from the batch
 * through the events between (one read of at most `windowEvents`); null when the read model stands further
 * ahead, the check catching up on history, whose batches are then folded but not compared.
 */
const foldedToReadModel = async (deps: ContinuousCheckDeps, last: RecordedEvent, members: string[], states: ReadonlyMap<string, LedgerState>) => {
  const { store } = deps;
  const windowEvents = deps.windowEvents ?? 1000;
  const snap = await balancesAt(deps, last.checkpoint, members);
  if (store.compareCheckpoints(snap.checkpoint, last.checkpoint) === 0) return { snap, position: last.globalPosition, atCheckpoint: states };
  const window = await store.readAll({ after: last.checkpoint, limit: windowEvents });
  const within = window.filter((e) => store.compareCheckpoints(e.checkpoint, snap.checkpoint) <= 0);
  if (within.length === window.length && window.length === windowEvents) return { snap, position: last.globalPosition, atCheckpoint: null };
  const touched = new Set(members);
  const tail = within.filter((e) => (ledgerEventTypes as readonly string[]).includes(e.type) && touched.has(memberOf(e)));
  const atCheckpoint = new Map(states);
  const missing = pairsOf(tail).filter(([member, hold]) => !states.get(member)!.holds.has(hold) && !states.get(member)!.receivedHoldIds.has(hold));
  if (missing.length > 0) {
    for (const [member, list] of holdsOf((await loadBatchRows(deps.db, [], missing, [])).holds)) atCheckpoint.set(member, withHolds(atCheckpoint.get(member)!, list));
  }
  for (const event of tail) atCheckpoint.set(memberOf(event), foldLedgerEvent(atCheckpoint.get(memberOf(event))!, asLedgerEvent(event)).state);
  return { snap, position: within.at(-1)?.globalPosition ?? last.globalPosition, atCheckpoint };
};

export const checkBatch = async (deps: ContinuousCheckDeps, events: readonly RecordedEvent[]): Promise<void> => {
  if (events.length === 0) return;
  const { db, store } = deps;
  const compare = (a: Checkpoint | null, b: Checkpoint | null) => store.compareCheckpoints(a, b);
  const last = events.at(-1)!;
  const members = unique(events.map(memberOf));
  const receipts = events.filter((e) => e.type === 'PointsReceived').map((e) => holdOf(e)!);
  const loaded = await loadBatchRows(db, members, pairsOf(events), unique(receipts));
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

  const { snap, position, atCheckpoint } = await foldedToReadModel(deps, last, members, states);
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

/** The follower the projection runtime runs (by shape: projections/runtime/reactor-consumer.ts's LogReactor). */
export const continuousLedgerCheck = (deps: ContinuousCheckDeps) => ({
  name: LEDGER_AUDIT_FOLLOWER,
  handles: ledgerEventTypes,
  // No member waits for the check: its batches gather, so each costs its rows' reads and statement once.
  gathers: true,
  react: (events: readonly RecordedEvent[]) => checkBatch(deps, events),
});
