// What a booking is decided on: both members' profiles and the student's ledger.
import { decideBooking, type BookingDecision, type BookingRequest } from '../../domain/booking/decide-booking.js';
import type { BookingPlan } from '../../domain/booking/plan.js';
import { ledgerDecider } from '../../domain/ledger/decide.js';
import { memberDecider } from '../../domain/member/decide.js';
import type { CommandRuntime, PlanStates } from '../runtime/types.js';
import { ledgerStreamId, memberStreamId } from '../stream-ids.js';
import { holdIdFor } from './ledger-steps.js';

type Input = Omit<BookingRequest, 'holdId'>;

/** The streams the booking is decided on. */
export const streamsOf = (input: Input) => ({
  members: { decider: memberDecider, streamIds: [...new Set([memberStreamId(input.instructorId), memberStreamId(input.studentId)])] },
  ledgers: { decider: ledgerDecider, streamIds: [ledgerStreamId(input.studentId)] },
});

export const decideOn = (input: Input, { states }: PlanStates<{ members: typeof memberDecider; ledgers: typeof ledgerDecider }>): BookingDecision =>
  decideBooking(
    { ...input, holdId: holdIdFor(input.sessionId) },
    {
      mentor: states.members.get(memberStreamId(input.instructorId))!.state,
      student: states.members.get(memberStreamId(input.studentId))!.state,
      ledger: states.ledgers.get(ledgerStreamId(input.studentId))!.state,
    },
  );

/** Every check that needs no write, on the stored states. */
export const planBooking = async (deps: { runtime: CommandRuntime }, input: Input): Promise<BookingPlan> => {
  const { members, ledgers } = streamsOf(input);
  const [memberStates, ledgerStates] = await Promise.all([
    deps.runtime.loadMany(memberDecider, members.streamIds),
    deps.runtime.loadMany(ledgerDecider, ledgers.streamIds),
  ]);
  return decideOn(input, { states: { members: memberStates, ledgers: ledgerStates }, unchanged: undefined }).plan;
};
