import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../decider-spec.js';
import type { MemberStreamEvent } from './events.js';
import { evolveWelcomeTour, initialWelcomeTourState, welcomeTourDecider, type MarkWelcomeTourSeen } from './welcome-tour.js';

const NOW = '2026-03-02T09:00:00.000Z';
const registered: MemberStreamEvent = {
  type: 'MemberRegistered',
  data: { memberId: 'm1', email: 'ada@example.com', name: 'Ada', timeZone: 'UTC', registeredAt: NOW },
};
const stateAfter = (...events: MemberStreamEvent[]) => events.reduce(evolveWelcomeTour, initialWelcomeTourState());
const mark = (actorId = 'm1'): MarkWelcomeTourSeen => ({ type: 'MarkWelcomeTourSeen', memberId: 'm1', actorId, now: NOW });
const given = DeciderSpecification.for(welcomeTourDecider);

describe('the welcome tour', () => {
  it('is recorded as seen the first time the member closes it', () => {
    const events = given([registered])
      .when(mark())
      .then([{ type: 'WelcomeTourSeen', data: { memberId: 'm1', seenAt: NOW } }]);
    expect(stateAfter(registered, ...events)).toEqual({ registered: true, seenAt: NOW });
  });

  it('records nothing when it was already seen', () => {
    given([registered, { type: 'WelcomeTourSeen', data: { memberId: 'm1', seenAt: NOW } }])
      .when(mark())
      .then([]);
  });

  it('refuses another member and an unknown one', () => {
    given([registered]).when(mark('m2')).thenRefuses('NOT_AUTHORISED');
    given([]).when(mark()).thenRefuses('NOT_FOUND');
  });
});
