import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../decider-spec.js';
import type { RegisterMember } from './commands.js';
import { memberDecider } from './decide.js';
import type { MemberEvent } from './events.js';
import { evolveMember, initialMemberState } from './state.js';

const NOW = '2026-11-22T09:00:00.000Z';
const stateAfter = (...events: MemberEvent[]) => events.reduce(evolveMember, initialMemberState());
const register = (overrides: Partial<RegisterMember> = {}): RegisterMember => ({
  type: 'RegisterMember',
  memberId: 'm1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  timeZone: 'Europe/London',
  now: NOW,
  ...overrides,
});
const registered: MemberEvent = {
  type: 'MemberRegistered',
  data: { memberId: 'm1', email: 'ada@example.com', name: 'Ada Lovelace', timeZone: 'Europe/London', registeredAt: NOW },
};
const given = DeciderSpecification.for(memberDecider);

describe('RegisterMember', () => {
  it('registers a new member with the time of the command', () => {
    given([]).when(register()).then([registered]);
  });

  it('trims the name and e-mail before storing them', () => {
    given([])
      .when(register({ name: '  Ada  ', email: ' ada@example.com ' }))
      .thenMatches([{ data: { name: 'Ada', email: 'ada@example.com' } }]);
  });

  it('records an e-mail the provider did not vouch for as unverified, and a verified one as before', () => {
    const [unverified] = given([])
      .when(register({ emailVerified: false }))
      .thenMatches([{ data: { emailVerified: false } }]);
    expect(stateAfter(unverified!)).toMatchObject({ status: 'active', emailVerified: false });
    given([])
      .when(register({ emailVerified: true }))
      .then([registered]);
    expect(stateAfter(registered)).toMatchObject({ status: 'active', emailVerified: true });
  });

  it('refuses a second registration as a conflict', () => {
    given([registered]).when(register()).thenRefuses('CONFLICT');
  });

  it('refuses a time zone that is not an IANA zone', () => {
    given([])
      .when(register({ timeZone: 'Mars/Olympus_Mons' }))
      .thenRefuses('VALIDATION', 'Please choose a valid time zone');
  });

  it('refuses an empty name', () => {
    given([])
      .when(register({ name: '   ' }))
      .thenRefuses('VALIDATION', 'Please enter your name');
  });

  it('refuses an empty e-mail address', () => {
    given([])
      .when(register({ email: '' }))
      .thenRefuses('VALIDATION');
  });

  it('starts the profile empty with no picture', () => {
    expect(stateAfter(registered)).toEqual({
      status: 'active',
      memberId: 'm1',
      email: 'ada@example.com',
      emailVerified: true,
      name: 'Ada Lovelace',
      bio: '',
      location: '',
      timeZone: 'Europe/London',
      profileImageUrl: null,
      registeredAt: NOW,
      skillsToTeach: [],
      skillsToLearn: [],
      availability: [],
    });
  });
});
