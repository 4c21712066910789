// Finishes or undoes RequestSession processes that stopped part-way (a crash, a lost connection) on a
// store that writes them step by step (EventStoreDB; on PostgreSQL and PGlite a booking is one write
// and never listed here), found from the event store alone: bookings listed in the index shards
// (`bookings-index-{0..3f}`, and the single `bookings-index` of earlier versions) and not closed after
// a grace period. The pivot in `booking-{sessionId}` says which way: committed -> create the session (roll
// forward); failed -> give back what the booking took; still open -> abandon it first (which the
// process, if it is only slow, then sees at its own commit) and give back.
import type { ProcessRuntime, RunContext } from '../runtime/types.js';
import { bookingStreamId, bookingsIndexStreamIds } from '../stream-ids.js';
import { bookingDecisionDecider, foldBookingsIndex, type BookingDecisionEvent, type IndexedBooking } from './booking-record.js';
import { bookingSteps } from './booking-steps.js';

export const DEFAULT_BOOKING_GRACE_MS = 5 * 60_000;

export interface ReconcileInput {
  now: string;
  /** Bookings younger than this are left to their process, which may still be running. */
  olderThanMs: number;
  /** Where to read each index stream from (the previous run's resumeFrom); default their starts. */
  from?: ReadonlyMap<string, bigint> | undefined;
}

export interface ReconcileResult {
  /** Committed bookings whose session was missing and has now been created. */
  rolledForward: string[];
  /** Bookings whose hold and cells were given back in this run. */
  compensated: string[];
  closed: string[];
  failed: { sessionId: string; error: unknown }[];
  /** Per index stream: every booking listed before this position is closed, so the next run may start there. */
  resumeFrom: Map<string, bigint>;
}

const readDecision = async (runtime: ProcessRuntime, sessionId: string) => {
  const [first] = await runtime.reads.readStream(bookingStreamId(sessionId));
  return first ? { type: (first as { type: BookingDecisionEvent['type'] }).type, at: first.metadata.occurredAt } : null;
};

const reconcileOne = async (runtime: ProcessRuntime, booking: IndexedBooking, input: ReconcileInput, result: ReconcileResult) => {
  const { plan } = booking;
  const run: RunContext = { now: input.now, actorId: null, correlationId: plan.sessionId };
  let decision = await readDecision(runtime, plan.sessionId);
  if (!decision) {
    await runtime.step(
      bookingDecisionDecider,
      bookingStreamId(plan.sessionId),
      { type: 'Abandon', sessionId: plan.sessionId },
      {
        ...run,
        step: `booking:${plan.sessionId}:abandon`,
      },
    );
    decision = await readDecision(runtime, plan.sessionId);
  }
  if (decision?.type === 'BookingCommitted') {
    const created = await bookingSteps.createSession(runtime, plan, run);
    if (created.events.length > 0) result.rolledForward.push(plan.sessionId);
    await bookingSteps.close(runtime, plan.sessionId, 'requested', run);
    result.closed.push(plan.sessionId);
    return;
  }
  await bookingSteps.compensate(runtime, plan, run);
  result.compensated.push(plan.sessionId);
  // An abandoned booking stays listed for one more grace period and is given back again then: a
  // process that stalled just before taking the hold may still take it after the first pass.
  const settled = decision?.type === 'BookingFailed' || Date.parse(input.now) - Date.parse(decision?.at ?? input.now) >= input.olderThanMs;
  if (settled) {
    await bookingSteps.close(runtime, plan.sessionId, decision?.type === 'BookingFailed' ? 'failed' : 'abandoned', run);
    result.closed.push(plan.sessionId);
  }
};

export const reconcileSessionRequests = async (deps: { runtime: ProcessRuntime }, input: ReconcileInput): Promise<ReconcileResult> => {
  const { runtime } = deps;
  const result: ReconcileResult = { rolledForward: [], compensated: [], closed: [], failed: [], resumeFrom: new Map() };
  const nowMs = Date.parse(input.now);
  const shards = await Promise.all(
    bookingsIndexStreamIds().map(async (streamId) => {
      const from = input.from?.get(streamId) ?? 0n;
      return { streamId, from, recorded: await runtime.reads.readStream(streamId, { from }) };
    }),
  );
  for (const { streamId, from, recorded } of shards) {
    const bookings = foldBookingsIndex(recorded);
    for (const booking of bookings) {
      if (booking.closed || nowMs - Date.parse(booking.plan.requestedAt) < input.olderThanMs) continue;
      try {
        await reconcileOne(runtime, booking, input, result);
      } catch (error) {
        // One booking that cannot be repaired now must not keep the others unrepaired.
        result.failed.push({ sessionId: booking.plan.sessionId, error });
      }
    }
    const closedNow = new Set(result.closed);
    const firstOpen = bookings.find((b) => !b.closed && !closedNow.has(b.plan.sessionId));
    const last = recorded.at(-1);
    result.resumeFrom.set(streamId, firstOpen ? firstOpen.position : last ? last.streamPosition + 1n : from);
  }
  return result;
};
