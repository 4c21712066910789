import { describe, it } from 'vitest';
import { DeciderSpecification } from '../decider-spec.js';
import type { InboxCommand } from './commands.js';
import { inboxDecider } from './decide.js';
import type { InboxEvent } from './events.js';

const NOW = '2026-03-02T09:00:00.000Z';
const markRead = (notificationIds: string[], actorId = 'm1'): InboxCommand => ({ type: 'MarkNotificationsRead', memberId: 'm1', actorId, notificationIds, now: NOW });
const markAll = (upTo: string, actorId = 'm1'): InboxCommand => ({ type: 'MarkAllNotificationsRead', memberId: 'm1', actorId, upTo, now: upTo });
const given = DeciderSpecification.for(inboxDecider);

describe('marking notifications read', () => {
  it('records the ids, trimmed and without repeats', () => {
    given([])
      .when(markRead([' n1 ', 'n2', 'n1']))
      .then([{ type: 'NotificationsMarkedRead', data: { memberId: 'm1', notificationIds: ['n1', 'n2'] } }]);
  });

  it('records only the ids not read yet, and nothing when all were', () => {
    const read: InboxEvent[] = [{ type: 'NotificationsMarkedRead', data: { memberId: 'm1', notificationIds: ['n1'] } }];
    given(read)
      .when(markRead(['n1', 'n3']))
      .then([{ type: 'NotificationsMarkedRead', data: { memberId: 'm1', notificationIds: ['n3'] } }]);
    given(read)
      .when(markRead(['n1']))
      .then([]);
  });

  it("refuses to touch another member's notifications", () => {
    given([])
      .when(markRead(['n1'], 'm2'))
      .thenRefuses('NOT_AUTHORISED', 'You can only update your own notifications');
  });

  it('asks for at least one id', () => {
    given([])
      .when(markRead([' ']))
      .thenRefuses('VALIDATION');
  });
});

describe('marking all notifications read', () => {
  it('records the instant up to which everything is read', () => {
    given([])
      .when(markAll('2026-03-02T09:00:00Z'))
      .then([{ type: 'AllNotificationsMarkedRead', data: { memberId: 'm1', upTo: '2026-03-02T09:00:00.000Z' } }]);
  });

  it('records nothing for an instant not after the last one', () => {
    const read: InboxEvent[] = [{ type: 'AllNotificationsMarkedRead', data: { memberId: 'm1', upTo: NOW } }];
    given(read).when(markAll(NOW)).then([]);
    given(read).when(markAll('2026-03-01T09:00:00.000Z')).then([]);
    given(read)
      .when(markAll('2026-03-02T09:00:01.000Z'))
      .thenMatches([{ type: 'AllNotificationsMarkedRead' }]);
  });

  it('refuses an instant that is not one, and another member', () => {
    given([]).when(markAll('yesterday')).thenRefuses('VALIDATION');
    given([]).when(markAll(NOW, 'm2')).thenRefuses('NOT_AUTHORISED');
  });
});
