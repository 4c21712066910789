// RequestSession across streams, decided in one place: the session is requested (SessionRequested,
// decided once), the cost is held on the student's ledger and the slot cells of both members are
// reserved: the mentor's and the student's (a member's time is one, whichever role they have in a
// session; DESIGN.md §5 "no double booking of a mentor's time or of a student's").
// Refusals come in the order a member would want to hear them: the mentor and skill, booking oneself,
// the student, the request itself (date and time, grid, duration, message), the mentor's availability,
// the points, then a cell of the mentor's another session holds, and last one of the student's.
import { ledgerDecider } from '../ledger/decide.js';
import { ledgerStreamId, type LedgerEvent } from '../ledger/events.js';
import type { LedgerState } from '../ledger/state.js';
import type { MemberState } from '../member/state.js';
import { isStartAvailable } from '../session/availability.js';
import type { RequestSession } from '../session/commands.js';
import { sessionDecider } from '../session/decide.js';
import { sessionStreamId, type SessionEvent, type SessionRequested } from '../session/events.js';
import { texts } from '../session/rules.js';
import { initialState } from '../session/state.js';
import { resolveStart, type StartInput } from '../session/start-time.js';
import { DomainError } from '../shared.js';
import { initialSlotState, slotDecider, type SlotState } from '../slot/decider.js';
import type { SlotEvent } from '../slot/events.js';
import { hourStreams } from '../slot/hour-streams.js';
import { slotsCovered } from '../slot/slots-covered.js';
import type { BookingPlan, StreamEvents } from './plan.js';

export interface BookingRequest extends StartInput {
  sessionId: string;
  studentId: string;
  instructorId: string;
  skillId: string;
  durationHours: number;
  message: string;
  now: string;
  /** The id the hold on the student's ledger gets (derived from the session id by the caller). */
  holdId: string;
  /** The student's zone, for date + time and the bookable months; defaults to their profile's zone. */
  viewerTimeZone?: string | undefined;
}

/** Hour streams of the members' slot cells, keyed by stream id; a missing one is a stream never written. */
export type CellStates = ReadonlyMap<string, SlotState>;

export interface BookingStates {
  mentor: MemberState;
  student: MemberState;
  ledger: LedgerState;
  /** Keyed by stream id (slotHourStreamId); default every hour free. */
  cells?: CellStates | undefined;
}

export interface BookingParticipants {
  student: { name: string; avatar: string | null };
  instructor: { name: string; avatar: string | null };
}

/**
 * What the booking takes: the hold, and the cells of each hour, the mentor's hours then the student's
 * (each in time order, hours with nothing to take left out).
 */
export interface BookingTakes {
  hold: StreamEvents<LedgerEvent>;
  cells: (StreamEvents<SlotEvent> & { hourStart: string })[];
}

export interface BookingDecision extends BookingTakes {
  plan: BookingPlan;
  session: StreamEvents<SessionEvent>;
  /** The zone the request's date and time were read in. */
  viewerTimeZone: string;
  participants: BookingParticipants;
}

const notFound = () => new DomainError('NOT_FOUND', texts.skillMissing);

/** The slot streams of one member's time a session takes; `busy` replaces the slot's CONFLICT text. */
const takeTime = (plan: BookingPlan, memberId: string, cells: CellStates | undefined, busy?: string) =>
  hourStreams(memberId, plan.cells).map(({ hourStart, streamId, cells: inHour }) => {
    const command = { type: 'ReserveCells', mentorId: memberId, hourStart, cells: inHour, sessionId: plan.sessionId } as const;
    try {
      return { hourStart, streamId, events: slotDecider.decide(command, cells?.get(streamId) ?? initialSlotState()) };
    } catch (error) {
      if (busy && error instanceof DomainError && error.code === 'CONFLICT') throw new DomainError('CONFLICT', busy);
      throw error;
    }
  });

/** The slot streams a booking writes to: the mentor's hours, then the student's. */
export const timeStreamsOf = (plan: Pick<BookingPlan, 'instructorId' | 'studentId' | 'cells'>) => [
  ...hourStreams(plan.instructorId, plan.cells),
  ...hourStreams(plan.studentId, plan.cells),
];

/**
 * The hold and the cells on the states given: INSUFFICIENT_POINTS first (the ledger's refusal carries
 * the booking's text, insufficientPointsMessage), then the mentor's slot CONFLICT, then the student's
 * (texts.studentBusy). A hold or cells the booking holds already (a retry after a lost reply) are not
 * taken twice.
 */
export const decideTakes = (plan: BookingPlan, states: { ledger: LedgerState; cells?: CellStates | undefined }): BookingTakes => {
  const hold = ledgerDecider.decide({ type: 'PlaceHold', memberId: plan.studentId, holdId: plan.holdId, sessionId: plan.sessionId, amount: plan.cost }, states.ledger);
  const cells = [...takeTime(plan, plan.instructorId, states.cells), ...takeTime(plan, plan.studentId, states.cells, texts.studentBusy)];
  return { hold: { streamId: ledgerStreamId(plan.studentId), events: hold }, cells: cells.filter((hour) => hour.events.length > 0) };
};

export const decideBooking = (request: BookingRequest, states: BookingStates): BookingDecision => {
  const { sessionId, studentId, instructorId, now } = request;
  const { mentor, student } = states;
  if (mentor.status !== 'active') throw notFound();
  const skill = mentor.skillsToTeach.find((s) => s.id === request.skillId);
  if (!skill) throw notFound();
  if (studentId === instructorId) throw new DomainError('VALIDATION', texts.bookSelf);
  if (student.status !== 'active') throw new DomainError('NOT_FOUND', 'User not found');
  const viewerTimeZone = request.viewerTimeZone || student.timeZone;

  // The session decider checks the request itself (date and time chosen, grid, duration, message).
  const events = sessionDecider.decide(
    {
      type: 'RequestSession',
      sessionId,
      now,
      studentId,
      instructorId,
      skillId: skill.id,
      skillName: skill.name,
      experienceLevel: skill.experienceLevel,
      startsAt: resolveStart(request, viewerTimeZone),
      durationHours: request.durationHours,
      pointsPerHour: skill.pointsPerHour,
      holdId: request.holdId,
      message: request.message,
    },
    initialState(),
  );
  const requested = events.find((e): e is SessionRequested => e.type === 'SessionRequested');
  if (!requested) throw new Error('RequestSession decided no SessionRequested');
  const { startsAt, durationHours } = requested.data;
  // Availability only: a start that is available but booked is the slot's CONFLICT, not this.
  const offered = isStartAvailable({ availability: mentor.availability, mentorTimeZone: mentor.timeZone, durationHours, now, booked: [], viewerTimeZone, startsAt });
  if (!offered) throw new DomainError('VALIDATION', texts.slotNotAvailable);

  const plan: BookingPlan = { ...requested.data, cells: slotsCovered(startsAt, durationHours), requestedAt: now };
  return {
    plan,
    session: { streamId: sessionStreamId(sessionId), events },
    ...decideTakes(plan, { ledger: states.ledger, cells: states.cells }),
    viewerTimeZone,
    participants: {
      student: { name: student.name, avatar: student.profileImageUrl },
      instructor: { name: mentor.name, avatar: mentor.profileImageUrl },
    },
  };
};

/** The RequestSession command a plan stands for (a reconciler rolling a booking forward decides it again). */
export const requestCommandOf = (plan: BookingPlan): RequestSession => ({
  type: 'RequestSession',
  sessionId: plan.sessionId,
  now: plan.requestedAt,
  studentId: plan.studentId,
  instructorId: plan.instructorId,
  skillId: plan.skillId,
  skillName: plan.skillName,
  experienceLevel: plan.experienceLevel,
  startsAt: plan.startsAt,
  durationHours: plan.durationHours,
  pointsPerHour: plan.pointsPerHour,
  holdId: plan.holdId,
  message: plan.message,
});
