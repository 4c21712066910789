// The ledger audit (issue 33 point 3; DESIGN.md §5 and §12): every point provable from the log.
//   GET  /api/admin/audit/ledger                 the continuous check's state, the latest full audit, the open findings
//   POST /api/admin/audit/ledger/run             starts a full audit (or answers the one already running)
//   GET  /api/admin/audit/ledger/members/{id}    one member's movements, both sides, with the running balance
// A finding is an observation (telemetry), never an event: the log is what is audited. Each one is also a
// critical error group with the member and the event position (the observability issue's monitor).
import { z } from 'zod';

export const ledgerFindingKinds = ['balance', 'sum', 'hold-settled-twice', 'missing-row'] as const;
export type LedgerFindingKind = (typeof ledgerFindingKinds)[number];

const pointsSchema = z.object({ available: z.number().int(), held: z.number().int() });

export const ledgerFindingSchema = z.object({
  id: z.string(),
  kind: z.enum(ledgerFindingKinds),
  /** The member whose balance is wrong; null for the whole economy's sum. */
  memberId: z.string().nullable(),
  memberName: z.string().nullable(),
  /** The log position the read model and the fold were compared at (a string: it may exceed 2^53). */
  position: z.string(),
  /** What the fold of the ledger says, and what the read model holds (null where it holds no row). */
  expected: pointsSchema.nullable(),
  found: pointsSchema.nullable(),
  holdId: z.string().nullable(),
  /** One sentence for the admin: what differs. */
  detail: z.string(),
  foundBy: z.enum(['continuous', 'full-audit']),
  foundAt: z.string(),
});

export const ledgerAuditRunStates = ['running', 'finished', 'failed'] as const;

export const ledgerAuditRunSchema = z.object({
  id: z.string(),
  state: z.enum(ledgerAuditRunStates),
  trigger: z.enum(['manual', 'schedule']),
  /** The admin who started it; null for the schedule. */
  startedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The log position audited through (the balances read model's own at the start). */
  position: z.string().nullable(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  membersChecked: z.number().int(),
  findings: z.number().int(),
  error: z.string().nullable(),
});

export const ledgerAuditResponseSchema = z.object({
  continuous: z.object({
    /** The last log position the check after every batch has covered; null before its first batch. */
    checkedThrough: z.string().nullable(),
    checkedAt: z.string().nullable(),
    /**
     * The whole economy at that position: all points granted, and all available and held. `inTransit`: points
     * adjudicated on a student's ledger whose receipt on the mentor's is not in the log yet (the two are appended
     * one after the other), so available + held + inTransit = granted.
     */
    totals: z.object({ granted: z.number().int(), available: z.number().int(), held: z.number().int(), inTransit: z.number().int() }).nullable(),
  }),
  /** The running full audit, or else the latest one; null before the first. */
  run: ledgerAuditRunSchema.nullable(),
  /** When the schedule starts the next full audit (LEDGER_AUDIT_EVERY, nightly by default). */
  nextScheduledAt: z.string().nullable(),
  /** Newest first, at most LEDGER_FINDINGS_SHOWN. */
  findings: z.array(ledgerFindingSchema),
});

export const ledgerMovementSchema = z.object({
  position: z.string(),
  occurredAt: z.string(),
  type: z.string(),
  description: z.string(),
  sessionId: z.string().nullable(),
  /** The other side of a transfer (the mentor of an adjudicated hold, the student of points received); null for a grant. */
  counterparty: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  /** How this movement changed the member's available and held points, and both after it (the running balance). */
  change: pointsSchema,
  balance: pointsSchema,
});

export const ledgerMovementsResponseSchema = z.object({
  member: z.object({ id: z.string(), name: z.string().nullable() }),
  /** Oldest first: each running balance follows from the one before it. */
  movements: z.array(ledgerMovementSchema),
  /** The read model's row beside the fold's last balance; null where the member has no row. */
  readModel: pointsSchema.nullable(),
  nextCursor: z.string().nullable(),
});

/** POST .../run takes an empty object (the API refuses an empty POST body); anything in it is refused. */
export const ledgerAuditRunBodySchema = z.object({}).strict();

/**
 * Sent to the admins' sockets when a full audit starts, moves (at most twice a second) or ends, and when a
 * check finds something new: the page reads the audit again (LEDGER_AUDIT_POLL_MS only while the socket is down).
 */
export const LEDGER_AUDIT_CHANGED = 'ledger_audit_changed';
export type LedgerAuditChangedMessage = { type: typeof LEDGER_AUDIT_CHANGED };

/** A page's cursor carries the position, the running balance and the member's holds still open there, signed (decision 346). */
export const LEDGER_CURSOR_MAX = 2_000;
export const ledgerMovementsQuerySchema = z.object({ cursor: z.string().min(1).max(LEDGER_CURSOR_MAX).optional() });
export const ledgerMemberParamsSchema = z.object({ id: z.string().min(1).max(200) });

export const LEDGER_FINDINGS_SHOWN = 100;
export const LEDGER_MOVEMENTS_PAGE = 100;
/** How often the page reads the audit while a full audit runs (its progress bar) and the admin's socket is down. */
export const LEDGER_AUDIT_POLL_MS = 1_000;

export const ledgerAuditTexts = {
  title: 'Ledger audit',
  intro: 'After every batch of points the ledger is checked against the log; a full audit checks every member, including rows no new event touches.',
  run: 'Run full audit',
  running: 'Auditing…',
  noRun: 'No full audit has run yet.',
  clean: 'No discrepancies found.',
  findingsTitle: 'Discrepancies',
  movementsTitle: 'Movements',
  failed: 'The audit could not be read. Please try again.',
  runFailed: 'The audit could not be started. Please try again.',
  kinds: {
    balance: 'Balance differs from the ledger',
    sum: 'Points do not add up',
    'hold-settled-twice': 'Hold settled twice',
    'missing-row': 'Balance row missing',
  } satisfies Record<LedgerFindingKind, string>,
  memberNotFound: 'There is no such member.',
  badCursor: 'This page of movements cannot be continued: open the movements again from the start.',
  movementsFailed: 'The movements could not be read. Please try again.',
  noMovements: 'No points have moved for this member yet.',
  loadMore: 'Load more',
} as const;

export type LedgerFinding = z.infer<typeof ledgerFindingSchema>;
export type LedgerAuditRun = z.infer<typeof ledgerAuditRunSchema>;
export type LedgerAuditResponse = z.infer<typeof ledgerAuditResponseSchema>;
export type LedgerMovement = z.infer<typeof ledgerMovementSchema>;
export type LedgerMovementsResponse = z.infer<typeof ledgerMovementsResponseSchema>;
