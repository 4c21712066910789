// The full audit of every member (issue 33 point 3): the balances read model's rows and checkpoint read in
// one snapshot, every ledger folded from the log up to that checkpoint in one pass (readAll, the store's
// fastest read, in big pages; the domain's own evolveLedger per event), then every member compared: those
// whose row no new event touches (a row changed by hand), ledgers with no row, and rows with no ledger. It
// writes nothing itself (runs.ts stores the outcome); `onProgress` hears where it stands.
import { sql, type Kysely } from 'kysely';
import { initialLedgerState, type LedgerState } from '../../domain/ledger/state.js';
import type { Checkpoint, EventStore } from '../../eventstore/types.js';
import { asLedgerEvent, compareBalance, compareTotals, foldLedgerEvent, ledgerEventTypes, memberOf, settledTwice, type NewFinding, type Points } from './fold.js';

export interface FullAuditDeps {
  db: Kysely<unknown>;
  store: Pick<EventStore, 'readAll' | 'compareCheckpoints' | 'countAfter'>;
  /** Events per read of the log. Default 10,000 (on PGlite each read holds the one connection: smaller there). */
  pageSize?: number;
  /** An adjudication whose points have not reached the mentor this long after it is a finding. Default 1 hour. */
  transferGraceMs?: number;
}

export interface AuditProgress {
  done: number;
  total: number;
  membersChecked: number;
}

export interface AuditOutcome {
  /** The global position audited through (the last event at or before the read model's checkpoint); null for an empty log. */
  position: bigint | null;
  checkpoint: Checkpoint;
  findings: NewFinding[];
  membersChecked: number;
  progress: AuditProgress;
}

export class NothingToAuditError extends Error {
  constructor() {
    super('The balances read model has not started yet: there is nothing to audit against.');
    this.name = 'NothingToAuditError';
  }
}

/** The read model's checkpoint and every row, in one snapshot (a repeatable-read transaction). */
const balancesSnapshot = (db: Kysely<unknown>) =>
  db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { rows: marks } = await sql<{ checkpoint: string | null }>`select checkpoint from projection_checkpoints where name = 'balances'`.execute(trx);
      const { rows } = await sql<{ member_id: string; available_points: number; held_points: number }>`
        select member_id, available_points, held_points from balances`.execute(trx);
      return {
        checkpoint: marks[0]?.checkpoint ?? null,
        rows: new Map(rows.map((r) => [r.member_id, { available: Number(r.available_points), held: Number(r.held_points) }])),
      };
    });

export const auditEveryMember = async (
  deps: FullAuditDeps,
  options: { startedAt: Date; signal: AbortSignal; onProgress: (progress: AuditProgress) => void },
): Promise<AuditOutcome> => {
  const { store } = deps;
  const snap = await balancesSnapshot(deps.db);
  if (snap.checkpoint === null) throw new NothingToAuditError();
  const target = snap.checkpoint;
  const eventsTotal = Math.max(0, (await store.countAfter(null)) - (await store.countAfter(target)));
  const progress: AuditProgress = { done: 0, total: eventsTotal + snap.rows.size, membersChecked: 0 };
  options.onProgress({ ...progress });

  const ledgerTypes = new Set<string>(ledgerEventTypes);
  const states = new Map<string, LedgerState>();
  const findings: NewFinding[] = [];
  const transfers = new Map<string, { student: string; amount: number; at: string }>();
  const unmatched: string[] = [];
  let granted = 0;
  let position: bigint | null = null;
  let after: Checkpoint | null = null;
  const pageSize = deps.pageSize ?? 10_000;
  for (let reading = true; reading;) {
    if (options.signal.aborted) throw options.signal.reason;
    const page = await store.readAll({ after, limit: pageSize });
    for (const event of page) {
      if (store.compareCheckpoints(event.checkpoint, target) > 0) {
        reading = false;
        break;
      }
      progress.done += 1;
      position = event.globalPosition;
      if (!ledgerTypes.has(event.type)) continue;
      const member = memberOf(event);
      const { state, note } = foldLedgerEvent(states.get(member) ?? initialLedgerState(), asLedgerEvent(event));
      states.set(member, state);
      if (note?.kind === 'granted') granted += note.amount;
      else if (note?.kind === 'settled-twice') findings.push(settledTwice(member, note, event));
      else if (note?.kind === 'transfer-opened') transfers.set(note.holdId, { student: member, amount: note.amount, at: event.metadata.occurredAt });
      else if (note?.kind === 'transfer-received') {
        if (transfers.get(note.holdId)?.amount === note.amount) transfers.delete(note.holdId);
        else unmatched.push(note.holdId);
      }
    }
    if (page.length < pageSize) reading = false;
    else after = page.at(-1)!.checkpoint;
    // EventStoreDB counts only so far (countAfter's cap): the total is at least what was read.
    progress.total = Math.max(progress.total, progress.done + snap.rows.size);
    options.onProgress({ ...progress });
    // PGlite answers in this thread without a turn of the event loop: without this, requests (the page asking
    // how far the audit is, a member booking) waited for the whole audit.
    await new Promise((resolve) => setImmediate(resolve));
  }

  // Every member the log or the read model knows, compared at the same position.
  const members = new Set([...states.keys(), ...snap.rows.keys()]);
  progress.total = progress.done + members.size;
  const at = position ?? 0n;
  let available = 0;
  let held = 0;
  for (const member of members) {
    const state = states.get(member);
    const expected: Points | null = state ? { available: state.available, held: state.held } : null;
    available += state?.available ?? 0;
    held += state?.held ?? 0;
    const finding = compareBalance(member, expected, snap.rows.get(member) ?? null, at);
    if (finding) findings.push(finding);
    progress.membersChecked += 1;
    progress.done += 1;
    if (progress.membersChecked % 20_000 === 0) options.onProgress({ ...progress });
  }
  const inTransit = [...transfers.values()].reduce((sum, t) => sum + t.amount, 0);
  const sum = compareTotals({ granted, available, held, inTransit }, at, unmatched[0] ?? null);
  if (sum) findings.push(sum);
  // Points that left a student's ledger and never reached the mentor's (the follow-ups reactor repairs a crash between the two in seconds).
  const stuckBefore = options.startedAt.getTime() - (deps.transferGraceMs ?? 60 * 60_000);
  for (const [holdId, transfer] of transfers) {
    if (Date.parse(transfer.at) > stuckBefore) continue;
    findings.push({
      kind: 'sum',
      memberId: transfer.student,
      holdId,
      position: at,
      expected: null,
      found: null,
      detail: `Hold '${holdId}': ${transfer.amount} points left the student's ledger for the mentor's but never arrived there.`,
    });
  }
  options.onProgress({ ...progress });
  return { position, checkpoint: target, findings, membersChecked: progress.membersChecked, progress: { ...progress } };
};
