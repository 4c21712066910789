import { describe, expect, it } from 'vitest';
import type { AdminActionsEvent } from '../../domain/admin-actions/events.js';
import type { FollowerOperationsEvent } from '../../domain/follower-operations/events.js';
import { DomainError } from '../../domain/shared.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { projectionSpec } from '../../test/projections/support/projection-spec.js';
import { createEventLog } from '../../test/projections/support/recorded-events.js';
import { testTargets } from '../../test/projections/support/test-databases.js';
import { membersProjector } from '../members/projector.js';
import { adminActivitiesProjector } from './projector.js';
import { listAdminActivities } from './queries.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 4, minute)).toISOString();

const history = (): RecordedEvent[] => {
  const log = createEventLog();
  log.record('member-ada', { type: 'MemberRegistered', data: { memberId: 'ada', email: 'ada@example.com', name: 'Ada', timeZone: 'UTC', registeredAt: at(0) } }, at(0));
  const admin = (event: AdminActionsEvent, minute: number) => log.record('admin-actions-ada', event, at(minute));
  const operations = (event: FollowerOperationsEvent, minute: number) => log.record('operations-followers', event, at(minute));
  admin({ type: 'TestEmailSent', data: { to: 'ada@example.com', messageId: '<1@x>', response: '250 OK', sentBy: 'ada', sentAt: at(1) } }, 1);
  operations({ type: 'ProjectionRebuildRequested', data: { projection: 'sessions', version: 3, reason: 'tampered rows', requestedBy: null, requestedAt: at(2) } }, 2);
  admin({ type: 'TestEmailFailed', data: { to: 'ada@example.com', reason: 'Invalid login: 535 Authentication failed', sentBy: 'ada', failedAt: at(3) } }, 3);
  const skip = { follower: 'members', kind: 'projector', position: '1', eventId: 'evt-1', eventType: 'MemberRegistered', streamId: 'member-ada', error: 'boom' } as const;
  operations({ type: 'FollowerEventSkipped', data: { ...skip, reason: 'bad import', skippedBy: 'ada', skippedAt: at(4) } }, 4);
  return log.events;
};

describe.each(testTargets())('admin-activities read model on $kind', (target) => {
  const spec = projectionSpec(target, adminActivitiesProjector, { with: [membersProjector] });

  it("lists the admins' actions newest first, with who acted, what about and why", () =>
    spec.given(history()).then(async (db) => {
      const page = await listAdminActivities(db, { limit: 10 });
      expect(page.activities.map((a) => [a.kind, a.outcome, a.actor?.name ?? null, a.subject, a.detail, a.at])).toEqual([
        ['follower-skip', null, 'Ada', 'members', 'bad import', at(4)],
        ['test-email', 'failed', 'Ada', 'ada@example.com', 'Invalid login: 535 Authentication failed', at(3)],
        ['projection-rebuild', null, null, 'sessions', 'tampered rows', at(2)],
        ['test-email', 'sent', 'Ada', 'ada@example.com', '250 OK', at(1)],
      ]);
      expect(page.nextCursor).toBeNull();
    }));

  it('pages by cursor without repeating or losing an action', () =>
    spec.given(history()).then(async (db) => {
      const first = await listAdminActivities(db, { limit: 3 });
      expect(first.activities).toHaveLength(3);
      const second = await listAdminActivities(db, { limit: 3, cursor: first.nextCursor! });
      expect(second.activities.map((a) => a.kind)).toEqual(['test-email']);
      expect(second.activities[0]!.outcome).toBe('sent');
      expect(second.nextCursor).toBeNull();
    }));

  it('refuses a cursor it did not make', () =>
    spec.given(history()).then(async (db) => {
      await expect(listAdminActivities(db, { limit: 3, cursor: 'not-a-cursor' })).rejects.toBeInstanceOf(DomainError);
    }));

  it("tells the admins' sockets of each new action", () =>
    spec.given(history()).then((_, { notices }) => {
      expect(notices.length).toBeGreaterThan(0);
      expect(notices.every((n) => n.audience.to === 'admins')).toBe(true);
    }));
});
