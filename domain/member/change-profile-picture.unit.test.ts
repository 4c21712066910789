import { describe, it } from 'vitest';
import { DeciderSpecification } from '../decider-spec.js';
import type { ChangeProfilePicture } from './commands.js';
import { memberDecider } from './decide.js';
import type { MemberEvent } from './events.js';

const NOW = '2026-11-22T09:00:00.000Z';
const registered: MemberEvent = {
  type: 'MemberRegistered',
  data: { memberId: 'm1', email: 'ada@example.com', name: 'Ada Lovelace', timeZone: 'Europe/London', registeredAt: NOW },
};
const given = DeciderSpecification.for(memberDecider);

describe('ChangeProfilePicture', () => {
  const changeCommand = (imageUrl: string, actorId = 'm1'): ChangeProfilePicture => ({ type: 'ChangeProfilePicture', memberId: 'm1', actorId, imageUrl, now: NOW });

  it('records the new picture', () => {
    given([registered])
      .when(changeCommand('/media/m1/a.jpg'))
      .then([{ type: 'ProfilePictureChanged', data: { memberId: 'm1', imageUrl: '/media/m1/a.jpg' } }]);
  });

  it('emits nothing when the picture is the current one', () => {
    given([registered, { type: 'ProfilePictureChanged', data: { memberId: 'm1', imageUrl: '/a.jpg' } }])
      .when({ type: 'ChangeProfilePicture', memberId: 'm1', actorId: 'm1', imageUrl: '/a.jpg', now: NOW })
      .then([]);
  });

  it("refuses to change someone else's picture", () => {
    given([registered]).when(changeCommand('/a.jpg', 'm2')).thenRefuses('NOT_AUTHORISED', 'You can only edit your own profile');
  });

  it('refuses an empty image address', () => {
    given([registered]).when(changeCommand('  ')).thenRefuses('VALIDATION');
  });

  it('refuses a member who is not registered', () => {
    given([]).when(changeCommand('/a.jpg')).thenRefuses('NOT_FOUND', 'User not found');
  });
});

describe('ChangeProfilePicture with sizes', () => {
  it('records the avatar size beside the picture', () => {
    given([registered])
      .when({ type: 'ChangeProfilePicture', memberId: 'm1', actorId: 'm1', imageUrl: '/p/256.jpg', avatarUrl: '/p/128.jpg', now: NOW })
      .then([{ type: 'ProfilePictureChanged', data: { memberId: 'm1', imageUrl: '/p/256.jpg', avatarUrl: '/p/128.jpg' } }]);
  });
});
