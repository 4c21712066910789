// The booking as a process of steps, on a store that cannot append to several streams at once
// (EventStoreDB). Order: check the cells (a read), list the booking in the index, hold the cost,
// reserve every cell, commit (the pivot), create the session. A failure before the pivot gives back
// what was taken and rethrows the refusal (INSUFFICIENT_POINTS, or 409 'This time slot is no longer
// available...'); a crash anywhere is finished or undone by the reconciler (reconciler.ts), which
// finds the booking in the index. Every step is safe to run again (booking-steps.ts).
import type { BookingPlan } from '../../domain/booking/plan.js';
import { texts } from '../../domain/session/rules.js';
import { DomainError } from '../../domain/shared.js';
import type { ProcessRuntime, RunContext } from '../runtime/types.js';
import { BOOKING_LOST_MESSAGE } from './booking-record.js';
import { bookingSteps, timeOf } from './booking-steps.js';
import type { BookingToWrite, BookingWriter, BookingWritten } from './booking-writer.js';
import { loadCells, timeConflict } from './slot-steps.js';

const failureReason = (error: unknown) => (error instanceof DomainError ? error.code : 'error');

const isLost = (error: unknown) => error instanceof DomainError && error.message === BOOKING_LOST_MESSAGE;

const take = async (runtime: ProcessRuntime, plan: BookingPlan, run: RunContext, { ledger }: BookingToWrite) => {
  // Read before anything is written: a taken cell is refused with nothing to give back.
  const cells = await loadCells(runtime, { memberIds: [plan.instructorId, plan.studentId], cells: plan.cells });
  const conflict = await timeConflict(runtime, timeOf(plan), texts, cells);
  if (conflict) throw new DomainError('CONFLICT', conflict);
  await bookingSteps.start(runtime, plan, run);
  try {
    await bookingSteps.hold(runtime, plan, run, ledger);
    await bookingSteps.reserve(runtime, plan, run, cells);
  } catch (error) {
    // If undoing fails too (the database went away), the reconciler undoes it later.
    await bookingSteps.fail(runtime, plan, failureReason(error), run).catch(() => undefined);
    throw error;
  }
};

const commit = async (runtime: ProcessRuntime, plan: BookingPlan, run: RunContext, booking: BookingToWrite): Promise<BookingWritten> => {
  try {
    await bookingSteps.commit(runtime, plan, run, booking.record);
  } catch (error) {
    // Only a pivot known to be lost may be undone here: after an unknown outcome the booking may be
    // committed, and the reconciler, reading the pivot, will know which way to finish it.
    if (isLost(error)) await bookingSteps.compensate(runtime, plan, run).catch(() => undefined);
    throw error;
  }
  const created = await bookingSteps.createSession(runtime, plan, run, booking.session, booking.decision.session.events);
  // Closing is bookkeeping: the reconciler closes a committed booking it finds open.
  await bookingSteps.close(runtime, plan.sessionId, 'requested', run).catch(() => undefined);
  return created;
};

export const stepBookingWriter = (runtime: ProcessRuntime): BookingWriter => ({
  async write(booking) {
    const { plan } = booking.decision;
    await take(runtime, plan, booking.run, booking);
    return commit(runtime, plan, booking.run, booking);
  },
});
