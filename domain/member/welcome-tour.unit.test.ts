import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared.js';
import type { MemberStreamEvent } from './events.js';
import { decideWelcomeTour, evolveWelcomeTour, initialWelcomeTourState, type MarkWelcomeTourSeen } from './welcome-tour.js';

const NOW = '2026-03-02T09:00:00.000Z';
const registered: MemberStreamEvent = {
  type: 'MemberRegistered',
  data: { memberId: 'm1', email: 'ada@example.com', name: 'Ada', timeZone: 'UTC', registeredAt: NOW },
};
const given = (...events: MemberStreamEvent[]) => events.reduce(evolveWelcomeTour, initialWelcomeTourState());
const mark = (actorId = 'm1'): MarkWelcomeTourSeen => ({ type: 'MarkWelcomeTourSeen', memberId: 'm1', actorId, now: NOW });
const errorOf = (fn: () => unknown): DomainError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
};

describe('the welcome tour', () => {
  it('is recorded as seen the first time the member closes it', () => {
    const events = decideWelcomeTour(mark(), given(registered));
    expect(events).toEqual([{ type: 'WelcomeTourSeen', data: { memberId: 'm1', seenAt: NOW } }]);
    expect(given(registered, ...events)).toEqual({ registered: true, seenAt: NOW });
  });

  it('records nothing when it was already seen', () => {
    const seen = given(registered, { type: 'WelcomeTourSeen', data: { memberId: 'm1', seenAt: NOW } });
    expect(decideWelcomeTour(mark(), seen)).toEqual([]);
  });

  it('refuses another member and an unknown one', () => {
    expect(errorOf(() => decideWelcomeTour(mark('m2'), given(registered))).code).toBe('NOT_AUTHORISED');
    expect(errorOf(() => decideWelcomeTour(mark(), given())).code).toBe('NOT_FOUND');
  });
});
