// Ledger steps of the session processes. Settling a hold is made idempotent here rather than in the
// ledger decider (which refuses to settle a hold twice, rightly, for a member-facing command): a
// follow-up or a compensation that runs again, or for a hold that was never placed, does nothing.
import type { LedgerCommand } from '../../domain/ledger/commands.js';
import { ledgerDecider } from '../../domain/ledger/decide.js';
import type { LedgerEvent } from '../../domain/ledger/events.js';
import type { LedgerState } from '../../domain/ledger/state.js';
import type { Decider } from '../../domain/shared.js';
import type { Checkpoint } from '../../eventstore/types.js';
import { uuidV5 } from '../runtime/deterministic-id.js';
import type { ProcessRuntime, LoadedStream, StepContext } from '../runtime/types.js';
import { ledgerStreamId } from '../stream-ids.js';

const settlingDecider: Decider<LedgerState, LedgerCommand, LedgerEvent> = {
  ...ledgerDecider,
  decide: (command, state) => {
    const settles = command.type === 'RefundHold' || command.type === 'AdjudicateHold';
    if (settles && state.holds.get(command.holdId)?.state !== 'active') return [];
    return ledgerDecider.decide(command, state);
  },
};

/** The hold of a session's cost on the student's ledger has one id, whoever places or settles it. */
export const holdIdFor = (sessionId: string) => uuidV5(`session-hold:${sessionId}`);

export interface PlaceSessionHold {
  studentId: string;
  sessionId: string;
  holdId: string;
  amount: number;
}

/** Throws INSUFFICIENT_POINTS with the spec's booking text when the student cannot cover it. */
export const placeSessionHold = async (
  runtime: ProcessRuntime,
  input: PlaceSessionHold,
  context: StepContext,
  known?: LoadedStream<LedgerState> | undefined,
): Promise<Checkpoint | null> => {
  const { studentId, sessionId, holdId, amount } = input;
  const result = await runtime.step(ledgerDecider, ledgerStreamId(studentId), { type: 'PlaceHold', memberId: studentId, holdId, sessionId, amount }, context, known);
  return result.checkpoint;
};

/**
 * A settle step that found its hold already settled wrote nothing, yet the caller still waits for
 * that settlement to be projected: the follow-ups reactor may have written it a moment ago. This
 * finds the checkpoint of the ledger event that touched the hold last (rare: only on such a race or
 * when a later action replays a settled session's follow-ups).
 */
const settledCheckpoint = async (runtime: ProcessRuntime, memberId: string, holdId: string): Promise<Checkpoint | null> => {
  const recorded = await runtime.reads.readStream(ledgerStreamId(memberId));
  const settling = recorded.findLast((event) => (event.data as { holdId?: string }).holdId === holdId);
  return settling?.checkpoint ?? null;
};

export const refundHoldIfActive = async (
  runtime: ProcessRuntime,
  input: { studentId: string; holdId: string; reason: string; description?: string | undefined },
  context: StepContext,
): Promise<Checkpoint | null> => {
  const { studentId, holdId, reason, description } = input;
  const result = await runtime.step(settlingDecider, ledgerStreamId(studentId), { type: 'RefundHold', memberId: studentId, holdId, reason, description }, context);
  if (result.checkpoint !== null || result.state.holds.get(holdId)?.state !== 'refunded') return result.checkpoint;
  return settledCheckpoint(runtime, studentId, holdId);
};

/**
 * Completion: the student's held points leave their ledger (adjudicate), then arrive on the
 * mentor's (receive). Each half is idempotent, so a crash between them is repaired by running this
 * again. The mentor receives only what was actually adjudicated, never for a refunded hold.
 */
export const transferHeldPoints = async (
  runtime: ProcessRuntime,
  input: { studentId: string; mentorId: string; holdId: string; sessionId: string; description?: string | undefined },
  context: StepContext,
): Promise<Checkpoint[]> => {
  const { studentId, mentorId, holdId, sessionId, description } = input;
  const adjudicated = await runtime.step(
    settlingDecider,
    ledgerStreamId(studentId),
    { type: 'AdjudicateHold', memberId: studentId, holdId, mentorId, description },
    { ...context, step: `${context.step}:adjudicate` },
  );
  const hold = adjudicated.state.holds.get(holdId);
  if (hold?.state !== 'adjudicated') return adjudicated.checkpoint ? [adjudicated.checkpoint] : [];
  const adjudication = adjudicated.checkpoint ?? (await settledCheckpoint(runtime, studentId, holdId));
  const received = await runtime.step(
    ledgerDecider,
    ledgerStreamId(mentorId),
    {
      type: 'ReceivePoints',
      memberId: mentorId,
      transactionId: uuidV5(`session-payment:${holdId}`),
      holdId,
      sessionId,
      amount: hold.amount,
      fromMemberId: studentId,
    },
    { ...context, step: `${context.step}:receive` },
  );
  const receipt = received.checkpoint ?? (await settledCheckpoint(runtime, mentorId, holdId));
  return [adjudication, receipt].filter((c): c is Checkpoint => c !== null);
};
