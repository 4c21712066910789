// An admin's correction of a member's points (issue 33 point 4): a reversing or topping-up ledger entry
// decided by the ledger's own decider (domain/ledger/decide.ts: never below zero available, a reason
// required). Its transaction and event id derive from the member and the admin's key, so the same key
// corrects once: the decider answers nothing for a transaction it holds, and the store absorbs a race.
import { ledgerDecider } from '../../domain/ledger/decide.js';
import type { LedgerEvent } from '../../domain/ledger/events.js';
import { uuidV5 } from '../runtime/deterministic-id.js';
import type { CommandRuntime } from '../runtime/types.js';
import { ledgerStreamId } from '../stream-ids.js';

export interface CorrectBalanceInput {
  memberId: string;
  adminId: string;
  amount: number;
  reason: string;
  idempotencyKey: string;
  now: string;
  correlationId?: string | undefined;
}

export const correctionTransactionId = (memberId: string, idempotencyKey: string) => uuidV5(`correction:${memberId}:${idempotencyKey}`);

export const correctBalance = async (deps: { runtime: CommandRuntime }, input: CorrectBalanceInput) => {
  const transactionId = correctionTransactionId(input.memberId, input.idempotencyKey);
  const result = await deps.runtime.handle(
    ledgerDecider,
    ledgerStreamId(input.memberId),
    { type: 'GrantCorrection', memberId: input.memberId, transactionId, amount: input.amount, description: input.reason },
    { now: input.now, actorId: input.adminId, correlationId: input.correlationId, eventId: () => transactionId },
  );
  return { ...result, transactionId, events: result.events as LedgerEvent[] };
};
