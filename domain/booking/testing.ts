// Given / when / then for the booking decision (imported by *.unit.test.ts only; no test-runner import:
// domain/ depends on nothing outside domain/). States are made by the deciders themselves.
import { ledgerDecider } from '../ledger/decide.js';
import type { LedgerCommand } from '../ledger/commands.js';
import type { LedgerState } from '../ledger/state.js';
import type { MemberCommand } from '../member/commands.js';
import { memberDecider } from '../member/decide.js';
import type { MemberState } from '../member/state.js';
import { DecisionSpecification } from '../decider-spec.js';
import type { Decider, Event } from '../shared.js';
import { slotDecider, type SlotState } from '../slot/decider.js';
import { decideBooking, type BookingRequest } from './decide-booking.js';

export const MENTOR = 'member-mentor';
export const STUDENT = 'member-student';
export const SKILL = 'skill-react';
/** Monday 2 March 2026, 08:00 UTC; the mentor teaches weekdays 9 to 17 UTC. */
export const MONDAY = '2026-03-02T08:00:00.000Z';
export const WEDNESDAY_10 = '2026-03-04T10:00:00.000Z';

const fold = <S, C, E extends Event>(decider: Decider<S, C, E>, commands: C[]): S =>
  commands.reduce((state, command) => decider.decide(command, state).reduce(decider.evolve, state), decider.initialState());

export const member = (memberId: string, more: MemberCommand[] = [], timeZone = 'UTC'): MemberState =>
  fold(memberDecider, [{ type: 'RegisterMember', memberId, email: `${memberId}@example.com`, name: memberId, timeZone, now: MONDAY }, ...more]);

export const mentorTeaching = (pointsPerHour = 2): MemberState =>
  member(MENTOR, [
    {
      type: 'UpdateProfile',
      memberId: MENTOR,
      actorId: MENTOR,
      now: MONDAY,
      newSkillIds: [SKILL],
      patch: {
        skillsToTeach: [{ name: 'React', description: 'Hooks', experienceLevel: 'advanced', pointsPerHour }],
        availability: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((day) => ({ day, startTime: '09:00', endTime: '17:00' })),
      },
    },
  ]);

/** A ledger with the welcome bonus (3 points) and the given commands after it. */
export const ledgerOf = (memberId: string, more: LedgerCommand[] = []): LedgerState =>
  fold(ledgerDecider, [{ type: 'GrantWelcomeBonus', memberId, transactionId: `welcome-${memberId}` }, ...more]);

export const hourHeldBy = (sessionId: string, hourStart: string, cells: string[]): SlotState =>
  fold(slotDecider, [{ type: 'ReserveCells', mentorId: MENTOR, hourStart, cells, sessionId }]);

export const bookingRequest = (overrides: Partial<BookingRequest> = {}): BookingRequest => ({
  sessionId: 'session-1',
  studentId: STUDENT,
  instructorId: MENTOR,
  skillId: SKILL,
  startsAt: WEDNESDAY_10,
  durationHours: 1,
  message: 'Hooks, please',
  now: MONDAY,
  holdId: 'hold-1',
  ...overrides,
});

/** given(states).when(request).then… / .thenMatches… / .thenRefuses…: the booking decided on the states it reads. */
export const given = DecisionSpecification.for(decideBooking);
