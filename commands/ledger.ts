// Thin wrappers over the ledger decider, one per command, for the sessions process and admin tools.
// Callers pass the command context; processes that may re-run a step should pass deterministic
// event ids (context.eventId) so a replayed step is absorbed by the store.
import { randomUUID } from 'node:crypto';
import type { AdjudicateHold, GrantCorrection, PlaceHold, ReceivePoints, RefundHold } from '../domain/ledger/commands.js';
import { ledgerDecider } from '../domain/ledger/decide.js';
import type { LedgerEvent } from '../domain/ledger/events.js';
import type { LedgerState } from '../domain/ledger/state.js';
import { uuidV5 } from './runtime/deterministic-id.js';
import type { CommandContext, CommandResult, CommandRuntime } from './runtime/types.js';
import { ledgerStreamId } from './stream-ids.js';

export interface LedgerDeps {
  runtime: CommandRuntime;
}

export type LedgerContext = CommandContext<LedgerEvent>;
export type LedgerResult = CommandResult<LedgerState, LedgerEvent>;

type Input<C> = Omit<C, 'type'>;
type WithOptionalTransaction<C> = Omit<Input<C>, 'transactionId'> & { transactionId?: string | undefined };

/** The one id the welcome grant of a member can ever have: concurrent sign-ins append it once. */
export const welcomeBonusEventId = (memberId: string) => uuidV5(`welcome-bonus:${memberId}`);

export const grantWelcomeBonus = (deps: LedgerDeps, input: { memberId: string }, context: LedgerContext): Promise<LedgerResult> => {
  const id = welcomeBonusEventId(input.memberId);
  return deps.runtime.handle(
    ledgerDecider,
    ledgerStreamId(input.memberId),
    { type: 'GrantWelcomeBonus', memberId: input.memberId, transactionId: id },
    { ...context, eventId: () => id },
  );
};

export const placeHold = (deps: LedgerDeps, input: Input<PlaceHold>, context: LedgerContext): Promise<LedgerResult> =>
  deps.runtime.handle(ledgerDecider, ledgerStreamId(input.memberId), { type: 'PlaceHold', ...input }, context);

export const refundHold = (deps: LedgerDeps, input: Input<RefundHold>, context: LedgerContext): Promise<LedgerResult> =>
  deps.runtime.handle(ledgerDecider, ledgerStreamId(input.memberId), { type: 'RefundHold', ...input }, context);

export const adjudicateHold = (deps: LedgerDeps, input: Input<AdjudicateHold>, context: LedgerContext): Promise<LedgerResult> =>
  deps.runtime.handle(ledgerDecider, ledgerStreamId(input.memberId), { type: 'AdjudicateHold', ...input }, context);

export const receivePoints = (deps: LedgerDeps, input: WithOptionalTransaction<ReceivePoints>, context: LedgerContext): Promise<LedgerResult> =>
  deps.runtime.handle(ledgerDecider, ledgerStreamId(input.memberId), { ...input, type: 'ReceivePoints', transactionId: input.transactionId ?? randomUUID() }, context);

export const grantCorrection = (deps: LedgerDeps, input: WithOptionalTransaction<GrantCorrection>, context: LedgerContext): Promise<LedgerResult> =>
  deps.runtime.handle(ledgerDecider, ledgerStreamId(input.memberId), { ...input, type: 'GrantCorrection', transactionId: input.transactionId ?? randomUUID() }, context);

/** The ledger's current state straight from the stream (balance checks that must not lag). */
export const loadLedger = async (deps: LedgerDeps, memberId: string): Promise<LedgerState> => (await deps.runtime.load(ledgerDecider, ledgerStreamId(memberId))).state;
