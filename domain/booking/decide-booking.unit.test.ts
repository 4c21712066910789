import { describe, expect, it } from 'vitest';
import { insufficientPointsMessage, texts } from '../session/rules.js';
import { DecisionSpecification } from '../decider-spec.js';
import { decideTakes } from './decide-booking.js';
import { MENTOR, MONDAY, SKILL, STUDENT, WEDNESDAY_10, bookingRequest, given, hourHeldBy, ledgerOf, member, mentorTeaching } from './testing.js';

const cellsFrom = (start: string, count: number) => Array.from({ length: count }, (_, i) => new Date(Date.parse(start) + i * 15 * 60_000).toISOString());
const able = () => ({ mentor: mentorTeaching(2), student: member(STUDENT), ledger: ledgerOf(STUDENT) });
/** What a booking read again still takes, given the ledger and cells read again, when its plan is retried. */
const givenTakes = DecisionSpecification.for(decideTakes);

describe('deciding a booking', () => {
  it('requests the session once, holds its cost and reserves its cells in the mentor’s and the student’s time, each in its own stream', () => {
    given(able())
      .when(bookingRequest())
      .thenMatches({
        session: {
          streamId: 'session-session-1',
          events: [{ type: 'SessionRequested', data: { sessionId: 'session-1', cost: 2, holdId: 'hold-1', startsAt: WEDNESDAY_10, skillName: 'React' } }],
        },
        hold: { streamId: `ledger-${STUDENT}`, events: [{ type: 'PointsHeld', data: { holdId: 'hold-1', amount: 2 } }] },
        cells: [
          {
            hourStart: WEDNESDAY_10,
            streamId: `slots-${MENTOR}-${WEDNESDAY_10}`,
            events: [{ type: 'SlotsReserved', data: { mentorId: MENTOR, sessionId: 'session-1', cells: cellsFrom(WEDNESDAY_10, 4) } }],
          },
          {
            hourStart: WEDNESDAY_10,
            streamId: `slots-${STUDENT}-${WEDNESDAY_10}`,
            events: [{ type: 'SlotsReserved', data: { mentorId: STUDENT, sessionId: 'session-1', cells: cellsFrom(WEDNESDAY_10, 4) } }],
          },
        ],
        plan: { sessionId: 'session-1', cost: 2, cells: cellsFrom(WEDNESDAY_10, 4), requestedAt: MONDAY },
        viewerTimeZone: 'UTC',
        participants: { student: { name: STUDENT }, instructor: { name: MENTOR } },
      });
  });

  it('reads a date and time on the student’s clock and spreads the cells over the hours they lie in', () => {
    const decision = given({ ...able(), student: member(STUDENT, [], 'Europe/Berlin') })
      .when(bookingRequest({ startsAt: null, date: '2026-03-04', time: '11:00', durationHours: 1.5 }))
      .thenMatches({ viewerTimeZone: 'Europe/Berlin', plan: { startsAt: '2026-03-04T10:00:00.000Z', cost: 3 } });
    expect(decision.cells.map((h) => [h.streamId, h.events[0]!.data.cells.length])).toEqual([
      [`slots-${MENTOR}-2026-03-04T10:00:00.000Z`, 4],
      [`slots-${MENTOR}-2026-03-04T11:00:00.000Z`, 2],
      [`slots-${STUDENT}-2026-03-04T10:00:00.000Z`, 4],
      [`slots-${STUDENT}-2026-03-04T11:00:00.000Z`, 2],
    ]);
  });

  it('refuses in the order a member wants to hear it: skill, self, request, availability, points, a taken cell of the mentor’s, then of the student’s', () => {
    given({ ...able(), mentor: member(MENTOR) })
      .when(bookingRequest())
      .thenRefuses('NOT_FOUND', texts.skillMissing);
    given(able())
      .when(bookingRequest({ skillId: 'no-such-skill' }))
      .thenRefuses('NOT_FOUND', texts.skillMissing);
    given({ ...able(), student: mentorTeaching() })
      .when(bookingRequest({ studentId: MENTOR }))
      .thenRefuses('VALIDATION', texts.bookSelf);
    given(able())
      .when(bookingRequest({ startsAt: null }))
      .thenRefuses('VALIDATION');
    given(able())
      .when(bookingRequest({ startsAt: '2026-03-07T10:00:00.000Z' }))
      .thenRefuses('VALIDATION', texts.slotNotAvailable);
    given({ ...able(), mentor: mentorTeaching(4) })
      .when(bookingRequest())
      .thenRefuses('INSUFFICIENT_POINTS', insufficientPointsMessage(4));
    const heldByAnother = hourHeldBy('another', WEDNESDAY_10, cellsFrom('2026-03-04T10:45:00.000Z', 1));
    const taken = new Map([[`slots-${MENTOR}-${WEDNESDAY_10}`, heldByAnother]]);
    given({ ...able(), cells: taken })
      .when(bookingRequest())
      .thenRefuses('CONFLICT', texts.slotTaken);
    const studentBusy = new Map([[`slots-${STUDENT}-${WEDNESDAY_10}`, heldByAnother]]);
    given({ ...able(), cells: studentBusy })
      .when(bookingRequest())
      .thenRefuses('CONFLICT', texts.studentBusy);
    const bothBusy = new Map([...taken, ...studentBusy]);
    given({ ...able(), cells: bothBusy })
      .when(bookingRequest())
      .thenRefuses('CONFLICT', texts.slotTaken);
    // Points come before the slot: a student who cannot pay hears that first.
    given({ ...able(), mentor: mentorTeaching(4), cells: taken })
      .when(bookingRequest())
      .thenRefuses('INSUFFICIENT_POINTS');
  });

  it('takes anew on states read again, without deciding the session again', () => {
    const decision = given(able())
      .when(bookingRequest())
      .thenMatches({ plan: { sessionId: 'session-1' } });
    // The hold was placed already (a retry after a lost reply): nothing more to hold, the cells still to take.
    const held = ledgerOf(STUDENT, [{ type: 'PlaceHold', memberId: STUDENT, holdId: 'hold-1', sessionId: 'session-1', amount: 2 }]);
    givenTakes({ ledger: held })
      .when(decision.plan)
      .thenMatches({
        hold: { events: [] },
        cells: [{ events: [{ type: 'SlotsReserved' }] }, { events: [{ type: 'SlotsReserved' }] }],
      });
    const hour = hourHeldBy('session-1', WEDNESDAY_10, cellsFrom(WEDNESDAY_10, 4));
    const mine = new Map([MENTOR, STUDENT].map((id) => [`slots-${id}-${WEDNESDAY_10}`, hour]));
    givenTakes({ ledger: held, cells: mine })
      .when(decision.plan)
      .then({ hold: { streamId: `ledger-${STUDENT}`, events: [] }, cells: [] });
    expect(SKILL).toBe(decision.plan.skillId);
  });
});
