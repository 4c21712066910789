import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared.js';
import { decideMember } from './decide.js';
import type { MemberEvent } from './events.js';
import { evolveMember, initialMemberState } from './state.js';

const NOW = '2026-11-22T09:00:00.000Z';
const given = (...events: MemberEvent[]) => events.reduce(evolveMember, initialMemberState());
const registered: MemberEvent = {
  type: 'MemberRegistered',
  data: { memberId: 'm1', email: 'ada@example.com', name: 'Ada Lovelace', timeZone: 'Europe/London', registeredAt: NOW },
};

const errorOf = (fn: () => unknown): DomainError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
};

describe('ChangeProfilePicture', () => {
  const change = (imageUrl: string, actorId = 'm1') =>
    decideMember({ type: 'ChangeProfilePicture', memberId: 'm1', actorId, imageUrl, now: NOW }, given(registered));

  it('records the new picture', () => {
    expect(change('/media/m1/a.jpg')).toEqual([
      { type: 'ProfilePictureChanged', data: { memberId: 'm1', imageUrl: '/media/m1/a.jpg' } },
    ]);
  });

  it('emits nothing when the picture is the current one', () => {
    const state = given(registered, { type: 'ProfilePictureChanged', data: { memberId: 'm1', imageUrl: '/a.jpg' } });
    expect(decideMember({ type: 'ChangeProfilePicture', memberId: 'm1', actorId: 'm1', imageUrl: '/a.jpg', now: NOW }, state)).toEqual([]);
  });

  it("refuses to change someone else's picture", () => {
    expect(errorOf(() => change('/a.jpg', 'm2'))).toMatchObject({
      code: 'NOT_AUTHORISED',
      message: 'You can only edit your own profile',
    });
  });

  it('refuses an empty image address', () => {
    expect(errorOf(() => change('  ')).code).toBe('VALIDATION');
  });

  it('refuses a member who is not registered', () => {
    const error = errorOf(() =>
      decideMember({ type: 'ChangeProfilePicture', memberId: 'm1', actorId: 'm1', imageUrl: '/a.jpg', now: NOW }, given()),
    );
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'User not found' });
  });
});
