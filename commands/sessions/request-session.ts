// RequestSession: one process across the student's ledger, the mentor's slot cells and the new
// session stream (DESIGN.md §5). Order: check everything that needs no write, list the booking in
// the index, hold the cost, reserve every cell, commit (the pivot), create the session. A failure
// before the pivot gives back what was taken and rethrows the refusal (INSUFFICIENT_POINTS, or 409
// 'This time slot is no longer available...'); a crash anywhere is finished or undone by the
// reconciler (reconciler.ts), which finds the booking in the index. On a store that appends to several
// streams in one transaction the hold, the cells and the session are one write (booking-together.ts):
// whole or absent, so neither index nor pivot is needed, and a refusal has written nothing to undo.
// There the plan rests on the member and ledger states this process remembers, read from nowhere: the
// write checks that the members' streams have not moved, and a refusal is confirmed on a fresh read
// before it is given (docs/decisions.md 34).
import { isStartAvailable } from '../../domain/session/availability.js';
import { ledgerDecider } from '../../domain/ledger/decide.js';
import { memberDecider } from '../../domain/member/decide.js';
import type { LedgerState } from '../../domain/ledger/state.js';
import type { MemberState } from '../../domain/member/state.js';
import { sessionDecider } from '../../domain/session/decide.js';
import type { SessionEvent, SessionRef } from '../../domain/session/events.js';
import { insufficientPointsMessage, texts } from '../../domain/session/rules.js';
import { initialState, type SessionState } from '../../domain/session/state.js';
import { slotsCovered } from '../../domain/slot/slots-covered.js';
import { DomainError } from '../../domain/shared.js';
import type { Checkpoint, EventStore, UnchangedStream } from '../../eventstore/types.js';
import { loadStream, type LoadedStream } from '../handle-command.js';
import { cacheStreamsOf, streamCacheOf } from '../stream-caches.js';
import { bookingStreamId, ledgerStreamId, memberStreamId, sessionStreamId } from '../stream-ids.js';
import { BOOKING_LOST_MESSAGE, bookingDecisionDecider, type BookingDecisionState, type BookingPlan } from './booking-record.js';
import { bookingSteps, type RunContext } from './booking-steps.js';
import { bookTogether, StalePlanError } from './booking-together.js';
import { holdIdFor } from './ledger-steps.js';
import { anyHeldByAnother, loadCells, type KnownCells } from './slot-steps.js';
import { resolveStart, type StartInput } from './start-time.js';

export interface BookingDeps {
  store: EventStore;
}

export interface RequestSessionInput extends StartInput {
  /** Made by the API (a fresh UUID per request); the session's id from now on. */
  sessionId: string;
  /**
   * The caller made `sessionId` just now (a random UUID), so nothing can have been recorded under it
   * and the check for a re-sent request is skipped. Leave it unset for an id that may be re-sent.
   */
  sessionIdIsNew?: boolean | undefined;
  studentId: string;
  instructorId: string;
  skillId: string;
  durationHours: number;
  message: string;
  now: string;
  /** The student's zone, for date + time and the bookable months; defaults to their profile's zone. */
  viewerTimeZone?: string | undefined;
  correlationId?: string | undefined;
}

export interface RequestSessionResult {
  sessionId: string;
  /** Checkpoint of SessionRequested; null when the session already existed. */
  checkpoint: Checkpoint | null;
  events: SessionEvent[];
  session: SessionRef;
  /** The zone the request's date and time were read in; null when the session already existed. */
  viewerTimeZone: string | null;
  /** Both members' names and pictures as their streams tell them; null when the session already existed. */
  participants: BookingParticipants | null;
}

export interface BookingParticipants {
  student: { name: string; avatar: string | null };
  instructor: { name: string; avatar: string | null };
}

// Per store, as a store is per process: every booking reads the mentor's and the student's profile and
// the student's ledger, and of those only the events since the last booking are new. The member and
// ledger commands of this process leave the states they write there too (stream-caches.ts).
cacheStreamsOf(memberDecider);
cacheStreamsOf(ledgerDecider);
const cachesOf = (store: EventStore) => ({ members: streamCacheOf(store, memberDecider), ledgers: streamCacheOf(store, ledgerDecider) });

const notFound = () => new DomainError('NOT_FOUND', texts.skillMissing);

/** A plan and the streams it was decided on, read moments ago: the steps' `known` (process-step.ts). */
interface PlannedBooking {
  plan: BookingPlan;
  viewerTimeZone: string;
  ledger: LoadedStream<LedgerState>;
  /** Read only where the steps run one by one (see below). */
  cells: KnownCells | undefined;
  participants: BookingParticipants;
  /** Set when the plan rests on remembered member states, which the write must find unchanged. */
  unchanged: UnchangedStream[] | undefined;
}

/** The members' and the ledger's states a plan rests on; `unchanged` when they were remembered, not read. */
interface PlanStates {
  mentor: MemberState;
  student: MemberState;
  ledger: LoadedStream<LedgerState>;
  unchanged: UnchangedStream[] | undefined;
}

/**
 * On an atomic store a booking may be planned on the states this process remembers, without a read:
 * the write then checks that the members' streams have not moved (appendMany's `unchanged`), and the
 * ledger is written at its expected revision anyway. Null when one of them is not remembered.
 */
const streamsOf = (input: RequestSessionInput) => ({
  members: [...new Set([memberStreamId(input.instructorId), memberStreamId(input.studentId)])],
  ledger: ledgerStreamId(input.studentId),
});

const statesFrom = (
  input: RequestSessionInput,
  members: ReadonlyMap<string, LoadedStream<MemberState>>,
  ledgers: ReadonlyMap<string, LoadedStream<LedgerState>>,
  unchanged: UnchangedStream[] | undefined,
): PlanStates => ({
  mentor: members.get(memberStreamId(input.instructorId))!.state,
  student: members.get(memberStreamId(input.studentId))!.state,
  ledger: ledgers.get(ledgerStreamId(input.studentId))!,
  unchanged,
});

const rememberedStates = (store: EventStore, input: RequestSessionInput): PlanStates | null => {
  if (store.multiStreamAppend !== 'atomic') return null;
  const caches = cachesOf(store);
  const ids = streamsOf(input);
  const members = caches.members.peek(ids.members);
  const ledgers = caches.ledgers.peek([ids.ledger]);
  if (!members || !ledgers) return null;
  return statesFrom(input, members, ledgers, ids.members.map((streamId) => ({ streamId, revision: members.get(streamId)!.revision! })));
};

const readStates = async (store: EventStore, input: RequestSessionInput): Promise<PlanStates> => {
  // Read together (one round trip: the store groups calls made at once).
  const caches = cachesOf(store);
  const ids = streamsOf(input);
  const [members, ledgers] = await Promise.all([caches.members.load(store, ids.members), caches.ledgers.load(store, [ids.ledger])]);
  return statesFrom(input, members, ledgers, undefined);
};

/** Checked in the order a member would want to hear about the refusals. */
const planOn = async (deps: BookingDeps, input: RequestSessionInput, states: PlanStates): Promise<PlannedBooking> => {
  const { sessionId, studentId, instructorId, now } = input;
  const { mentor, student, ledger } = states;
  if (mentor.status !== 'active') throw notFound();
  const skill = mentor.skillsToTeach.find((s) => s.id === input.skillId);
  if (!skill) throw notFound();
  if (studentId === instructorId) throw new DomainError('VALIDATION', texts.bookSelf);
  if (student.status !== 'active') throw new DomainError('NOT_FOUND', 'User not found');
  const viewerTimeZone = input.viewerTimeZone || student.timeZone;

  // The session decider checks the request itself (date and time chosen, grid, duration, message).
  const holdId = holdIdFor(sessionId);
  const [requested] = sessionDecider.decide(
    {
      type: 'RequestSession',
      sessionId,
      now,
      studentId,
      instructorId,
      skillId: skill.id,
      skillName: skill.name,
      experienceLevel: skill.experienceLevel,
      startsAt: resolveStart(input, viewerTimeZone),
      durationHours: input.durationHours,
      pointsPerHour: skill.pointsPerHour,
      holdId,
      message: input.message,
    },
    initialState(),
  );
  if (requested?.type !== 'SessionRequested') throw new Error('RequestSession decided no SessionRequested');
  const { startsAt, durationHours, cost, message } = requested.data;
  // Availability only: a start that is available but booked is the 409 below, not this 400.
  const offered = isStartAvailable({
    availability: mentor.availability,
    mentorTimeZone: mentor.timeZone,
    durationHours,
    now,
    booked: [],
    viewerTimeZone,
    startsAt,
  });
  if (!offered) throw new DomainError('VALIDATION', texts.slotNotAvailable);

  const cellStarts = slotsCovered(startsAt, durationHours);
  if (ledger.state.available < cost) throw new DomainError('INSUFFICIENT_POINTS', insufficientPointsMessage(cost));
  // A store that writes the hold and the cells together refuses a taken cell with nothing written, so
  // it skips this read: an hour is usually a stream never written, and a wrong guess costs a retry.
  let cells: KnownCells | undefined;
  if (deps.store.multiStreamAppend !== 'atomic') {
    cells = await loadCells(deps.store, { mentorId: instructorId, cells: cellStarts });
    if (anyHeldByAnother(cells, cellStarts, sessionId)) throw new DomainError('CONFLICT', texts.slotTaken);
  }
  const plan: BookingPlan = {
    sessionId,
    studentId,
    instructorId,
    skillId: skill.id,
    skillName: skill.name,
    experienceLevel: skill.experienceLevel,
    startsAt,
    durationHours,
    pointsPerHour: skill.pointsPerHour,
    cost,
    holdId,
    message,
    cells: cellStarts,
    requestedAt: now,
  };
  const participants: BookingParticipants = {
    student: { name: student.name, avatar: student.profileImageUrl },
    instructor: { name: mentor.name, avatar: mentor.profileImageUrl },
  };
  return { plan, viewerTimeZone, ledger, cells, participants, unchanged: states.unchanged };
};

/**
 * Plans on remembered states where it can; a refusal on them is checked against the store (the
 * mentor may have added the hour, the student received points) before it is given.
 */
const planWithReads = async (deps: BookingDeps, input: RequestSessionInput): Promise<PlannedBooking> => {
  const remembered = rememberedStates(deps.store, input);
  if (remembered) {
    try {
      return await planOn(deps, input, remembered);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return planOn(deps, input, await readStates(deps.store, input));
};

/** Every check that needs no write, in the order a member would want to hear about them. */
export const planBooking = async (deps: BookingDeps, input: RequestSessionInput): Promise<BookingPlan> => (await planWithReads(deps, input)).plan;

interface NotYetRequested {
  session: LoadedStream<SessionState>;
  decision: LoadedStream<BookingDecisionState>;
}

/** What the streams of a session id that was never used hold. */
const nothingRecorded = (): NotYetRequested => ({
  session: { state: initialState(), revision: null },
  decision: { state: bookingDecisionDecider.initialState(), revision: null },
});

/** A request re-sent with the id of one already made answers with that session, or refuses. */
const alreadyRequested = async (store: EventStore, sessionId: string): Promise<RequestSessionResult | NotYetRequested> => {
  const [session, decision] = await Promise.all([
    loadStream(store, sessionDecider, sessionStreamId(sessionId)),
    loadStream(store, bookingDecisionDecider, bookingStreamId(sessionId)),
  ]);
  if (session.state.status !== 'none') return { sessionId, checkpoint: null, events: [], session: session.state.session, viewerTimeZone: null, participants: null };
  if (decision.revision !== null) throw new DomainError('CONFLICT', texts.alreadyExists);
  return { session, decision };
};

const failureReason = (error: unknown) => (error instanceof DomainError ? error.code : 'error');

const isLost = (error: unknown) => error instanceof DomainError && error.message === BOOKING_LOST_MESSAGE;

const takeStepByStep = async (store: EventStore, plan: BookingPlan, run: RunContext, ledger: LoadedStream<LedgerState>, cells: KnownCells | undefined) => {
  await bookingSteps.start(store, plan, run);
  try {
    await bookingSteps.hold(store, plan, run, ledger);
    await bookingSteps.reserve(store, plan, run, cells);
  } catch (error) {
    // If undoing fails too (the database went away), the reconciler undoes it later.
    await bookingSteps.fail(store, plan, failureReason(error), run).catch(() => undefined);
    throw error;
  }
};

const commitStepByStep = async (store: EventStore, plan: BookingPlan, run: RunContext, fresh: NotYetRequested) => {
  try {
    await bookingSteps.commit(store, plan, run, fresh.decision);
  } catch (error) {
    // Only a pivot known to be lost may be undone here: after an unknown outcome the booking may be
    // committed, and the reconciler, reading the pivot, will know which way to finish it.
    if (isLost(error)) await bookingSteps.compensate(store, plan, run).catch(() => undefined);
    throw error;
  }
  const created = await bookingSteps.createSession(store, plan, run, fresh.session);
  // Closing is bookkeeping: the reconciler closes a committed booking it finds open.
  await bookingSteps.close(store, plan.sessionId, 'requested', run).catch(() => undefined);
  return created;
};

export const requestSession = async (deps: BookingDeps, input: RequestSessionInput): Promise<RequestSessionResult> => {
  const { store } = deps;
  // Planning writes nothing, so it runs alongside the check for a re-sent request, whose answer
  // (the existing session, or its refusal) still comes first.
  const [existing, planned] = await Promise.allSettled([
    input.sessionIdIsNew ? Promise.resolve(nothingRecorded()) : alreadyRequested(store, input.sessionId),
    planWithReads(deps, input),
  ]);
  if (existing.status === 'rejected') throw existing.reason;
  if ('checkpoint' in existing.value) return existing.value;
  if (planned.status === 'rejected') throw planned.reason;
  let booking = planned.value;
  const fresh = existing.value;
  const run: RunContext = { now: input.now, actorId: input.studentId, correlationId: input.correlationId ?? input.sessionId };

  const together = async ({ plan, ledger, cells, unchanged }: PlannedBooking) => {
    const booked = await bookTogether(store, plan, run, { ledger, cells, session: fresh.session, unchanged });
    if (booked.ledger) cachesOf(store).ledgers.remember(ledgerStreamId(plan.studentId), booked.ledger);
    return booked;
  };
  let created;
  if (store.multiStreamAppend === 'atomic') {
    try {
      created = await together(booking);
    } catch (error) {
      if (!(error instanceof StalePlanError)) throw error;
      // A member changed their profile since this process last read it: plan again on what is stored.
      booking = await planOn(deps, input, await readStates(store, input));
      created = await together(booking);
    }
  } else {
    created = await takeStepByStep(store, booking.plan, run, booking.ledger, booking.cells).then(() => commitStepByStep(store, booking.plan, run, fresh));
  }
  const { plan, viewerTimeZone, participants } = booking;
  if (created.state.status === 'none') throw new Error(`Session ${plan.sessionId} was not created`);
  const opened = created.checkpoint !== null; // false: opened under this id by an earlier request (a re-send)
  return {
    sessionId: plan.sessionId,
    checkpoint: created.checkpoint,
    events: created.events,
    session: created.state.session,
    viewerTimeZone: opened ? viewerTimeZone : null,
    participants: opened ? participants : null,
  };
};
