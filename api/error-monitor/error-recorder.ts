// Capture on the server (issue 32 point 1): every 5xx, every projector or reactor a handler's throw
// stopped, every failed AI call, each an occurrence with its fingerprint, recorded through telemetry (never
// read back from the log). Capturing never breaks what failed: the occurrence is queued and written after
// the current turn in one batch with the others of that moment; a failed write is retried a few times and
// then dropped with a line in the log. Made in the composition root before the followers and the
// assistant start; the app attaches the telemetry store once it has made it (until then, occurrences wait).
import type { ErrorOccurrence, Telemetry } from '../../telemetry/types.js';
import { ledgerAuditTexts, type LedgerFindingKind } from '../contracts/admin-ledger-audit.js';
import { fingerprintOf } from './fingerprint.js';
import { classify, type CaughtAt } from './severity.js';
import { stackFrames } from './stack-frames.js';

const QUEUE_MAX = 500;
const ATTEMPTS = 3;
const RETRY_MS = 2_000;
const MESSAGE_MAX = 2_000;
const STACK_MAX = 16_000;

export interface ServerErrorCapture {
  error: unknown;
  method: string;
  url: string;
  memberId: string | null;
  databaseLost?: boolean;
}

/** A discrepancy the ledger audit found (api/ledger-audit/): one occurrence when it is first found, not per check. */
export interface LedgerDiscrepancyCapture {
  kind: LedgerFindingKind;
  memberId: string | null;
  /** The log position compared at. */
  position: string;
  detail: string;
  foundBy: 'continuous' | 'full-audit';
}

/**
 * The occurrence's message: the member and the position quoted or as numbers, which the fingerprint's message
 * rule replaces (fingerprint.ts), so the discrepancies group by kind and each member counts among its members.
 */
export const ledgerDiscrepancyMessage = (capture: LedgerDiscrepancyCapture): string =>
  `Ledger audit: ${ledgerAuditTexts.kinds[capture.kind]}${capture.memberId === null ? '' : ` for member '${capture.memberId}'`} at position ${capture.position}. ${capture.detail}`;

export interface ErrorRecorder {
  server(report: ServerErrorCapture): void;
  follower(report: { follower: string; kind: 'projector' | 'reactor'; error: unknown; eventType: string }): void;
  ledgerAudit(capture: LedgerDiscrepancyCapture): void;
  assistant(error: unknown): void;
  attach(telemetry: Pick<Telemetry, 'record'>): void;
  /** Resolves once everything queued so far is written or dropped (tests, shutdown). */
  flushed(): Promise<void>;
}

export interface ErrorRecorderOptions {
  root: string;
  appVersion: string;
  clock: () => Date;
  onError: (error: unknown) => void;
}

const describe = (error: unknown): { type: string; message: string; stack: string | null } => {
  if (error instanceof Error) {
    const type = error.name && error.name !== 'Error' ? error.name : error.constructor?.name || 'Error';
    return { type: type.slice(0, 200), message: error.message, stack: error.stack ?? null };
  }
  return { type: 'NonError', message: typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error)), stack: null };
};

/** The occurrence of an error caught somewhere (the telemetry row's fields, bounded as its checks ask). */
export const occurrenceOf = (
  described: { type: string; message: string; stack: string | null },
  caught: CaughtAt,
  context: { root: string; occurredAt: Date; appVersion: string | null; method: string | null; path: string | null; memberId: string | null },
): ErrorOccurrence => {
  const { groupId } = fingerprintOf({ ...described, frames: stackFrames(described.stack, context.root) });
  return {
    occurredAt: context.occurredAt,
    ...classify(caught),
    // The row keeps the group id: the fingerprint's parts are made again from the stored stack (decision 328).
    fingerprint: groupId,
    errorType: described.type.slice(0, 200) || 'Error',
    message: described.message.slice(0, MESSAGE_MAX),
    stack: described.stack?.slice(0, STACK_MAX) ?? null,
    requestMethod: context.method,
    requestPath: context.path,
    memberId: context.memberId,
    appVersion: context.appVersion,
  };
};

export const createErrorRecorder = (options: ErrorRecorderOptions): ErrorRecorder => {
  let telemetry: Pick<Telemetry, 'record'> | null = null;
  let queue: { occurrence: ErrorOccurrence; attempts: number }[] = [];
  let flushing: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;

  const flush = async () => {
    if (!telemetry || queue.length === 0) return;
    const batch = queue;
    queue = [];
    try {
      await telemetry.record({ errors: batch.map((item) => item.occurrence) });
    } catch (error) {
      options.onError(error);
      const again = batch.filter((item) => ++item.attempts < ATTEMPTS);
      queue = [...again, ...queue].slice(0, QUEUE_MAX);
      if (queue.length > 0 && !retry) {
        retry = setTimeout(() => ((retry = null), schedule()), RETRY_MS);
        retry.unref();
      }
    }
  };
  const schedule = () => {
    if (flushing || !telemetry) return;
    flushing = new Promise<void>((resolve) => setImmediate(resolve)).then(flush).finally(() => {
      flushing = null;
      if (queue.length > 0 && !retry) schedule();
    });
  };
  const enqueue = (make: () => ErrorOccurrence) => {
    try {
      if (queue.length >= QUEUE_MAX) return;
      queue.push({ occurrence: make(), attempts: 0 });
      schedule();
    } catch (error) {
      options.onError(error);
    }
  };
  const base = (method: string | null, path: string | null, memberId: string | null) => ({
    root: options.root,
    occurredAt: options.clock(),
    appVersion: options.appVersion,
    method,
    path,
    memberId,
  });

  return {
    server: ({ error, method, url, memberId, databaseLost = false }) =>
      enqueue(() => occurrenceOf(describe(error), { where: 'server', databaseLost }, base(method, url.split('?')[0]!.slice(0, 500), memberId))),
    follower: ({ follower, kind, error, eventType }) =>
      enqueue(() => occurrenceOf(describe(error), { where: 'follower' }, base(null, `${kind} ${follower} (${eventType})`, null))),
    ledgerAudit: (capture) =>
      enqueue(() =>
        occurrenceOf(
          { type: 'LedgerDiscrepancy', message: ledgerDiscrepancyMessage(capture), stack: null },
          { where: 'ledger-audit' },
          base(null, `ledger audit (${capture.foundBy === 'continuous' ? 'after every batch' : 'full audit'})`, capture.memberId),
        ),
      ),
    assistant: (error) => enqueue(() => occurrenceOf(describe(error), { where: 'assistant' }, base(null, null, null))),
    attach(store) {
      telemetry = store;
      schedule();
    },
    async flushed() {
      while (flushing) await flushing;
    },
  };
};
