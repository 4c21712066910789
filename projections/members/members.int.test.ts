import { describe, expect, it } from 'vitest';
import { memberChanged, membersChanged } from '../change-notices.js';
import type { MemberEvent } from '../../domain/member/events.js';
import type { LedgerEvent } from '../../domain/ledger/events.js';
import { projectionSpec } from '../../test/projections/support/projection-spec.js';
import { createEventLog } from '../../test/projections/support/recorded-events.js';
import { testTargets } from '../../test/projections/support/test-databases.js';
import { balancesProjector } from '../balances/projector.js';
import { membersProjector } from './projector.js';
import { findMemberByEmail, getMember, listMembers } from './queries.js';

const skill = (id: string, name: string, pointsPerHour: number) => ({
  id,
  name,
  description: `${name} from scratch`,
  category: 'Development',
  experienceLevel: 'advanced' as const,
  pointsPerHour,
});

const history = () => {
  const log = createEventLog();
  const member = (id: string, event: MemberEvent, at: string) => log.record(`member-${id}`, event, at);
  member(
    'ann',
    { type: 'MemberRegistered', data: { memberId: 'ann', email: 'Ann@Example.com', name: 'Ann', timeZone: 'Europe/Paris', registeredAt: '2026-01-01T09:00:00.000Z' } },
    '2026-01-01T09:00:00.000Z',
  );
  log.record(
    'ledger-ann',
    { type: 'PointsGranted', data: { memberId: 'ann', transactionId: 't1', amount: 3, reason: 'welcome', description: 'Welcome bonus' } } satisfies LedgerEvent,
    '2026-01-01T09:00:01.000Z',
  );
  member('ann', { type: 'ProfileDetailsChanged', data: { memberId: 'ann', bio: 'I teach TypeScript', location: 'Paris' } }, '2026-01-02T10:00:00.000Z');
  member('ann', { type: 'ProfilePictureChanged', data: { memberId: 'ann', imageUrl: '/media/ann.png' } }, '2026-01-02T10:01:00.000Z');
  member('ann', { type: 'SkillTaughtAdded', data: { memberId: 'ann', skill: skill('s1', 'TypeScript', 2) } }, '2026-01-02T10:02:00.000Z');
  member('ann', { type: 'SkillTaughtAdded', data: { memberId: 'ann', skill: skill('s2', 'SQL', 1) } }, '2026-01-02T10:03:00.000Z');
  member('ann', { type: 'SkillTaughtUpdated', data: { memberId: 'ann', skill: skill('s1', 'TypeScript', 4) } }, '2026-01-02T10:04:00.000Z');
  member('ann', { type: 'SkillTaughtRemoved', data: { memberId: 'ann', skillId: 's2' } }, '2026-01-02T10:05:00.000Z');
  member('ann', { type: 'SkillToLearnAdded', data: { memberId: 'ann', name: 'Go' } }, '2026-01-02T10:06:00.000Z');
  member('ann', { type: 'SkillToLearnAdded', data: { memberId: 'ann', name: 'Rust' } }, '2026-01-02T10:07:00.000Z');
  member('ann', { type: 'SkillToLearnRemoved', data: { memberId: 'ann', name: 'Go' } }, '2026-01-02T10:08:00.000Z');
  member('ann', { type: 'AvailabilityAdded', data: { memberId: 'ann', entry: { day: 'Monday', startTime: '09:00', endTime: '12:00' } } }, '2026-01-02T10:09:00.000Z');
  member('ann', { type: 'AvailabilityAdded', data: { memberId: 'ann', entry: { day: 'Monday', startTime: '09:00', endTime: '11:00' } } }, '2026-01-02T10:10:00.000Z');
  member('ann', { type: 'AvailabilityAdded', data: { memberId: 'ann', entry: { day: 'Friday', startTime: '14:00', endTime: '16:00' } } }, '2026-01-02T10:11:00.000Z');
  member('ann', { type: 'AvailabilityRemoved', data: { memberId: 'ann', day: 'Friday', startTime: '14:00' } }, '2026-01-02T10:12:00.000Z');
  member(
    'bob',
    { type: 'MemberRegistered', data: { memberId: 'bob', email: 'bob@example.com', name: 'Bob', timeZone: 'UTC', registeredAt: '2026-01-03T08:00:00.000Z' } },
    '2026-01-03T08:00:00.000Z',
  );
  member('bob', { type: 'ProfileDetailsChanged', data: { memberId: 'bob', name: 'Robert', timeZone: 'America/New_York' } }, '2026-01-03T08:30:00.000Z');
  return log.events;
};

describe.each(testTargets())('members read model on $kind', (target) => {
  const spec = projectionSpec(target, membersProjector, { with: [balancesProjector] });

  it('shows a member with the profile, skills and availability their events describe', () =>
    spec.given(history()).then(async (db) => {
      expect(await getMember(db, 'ann')).toEqual({
        id: 'ann',
        name: 'Ann',
        email: 'Ann@Example.com',
        avatar: '/media/ann.png',
        profileImageUrl: '/media/ann.png',
        bio: 'I teach TypeScript',
        location: 'Paris',
        timeZone: 'Europe/Paris',
        rating: 0,
        reviewCount: 0,
        completedSwaps: 0,
        joinedDate: '2026-01-01T09:00:00.000Z',
        points: 3,
        heldPoints: 0,
        streak: 0,
        skillsToTeach: [skill('s1', 'TypeScript', 4)],
        skillsToLearn: ['Rust'],
        availability: [{ day: 'Monday', startTime: '09:00', endTime: '12:00' }],
      });
    }));

  it('keeps fields a profile change leaves out and shows zero points before any ledger event', () =>
    spec.given(history()).then(async (db) => {
      const bob = await getMember(db, 'bob');
      expect(bob).toMatchObject({ name: 'Robert', timeZone: 'America/New_York', bio: '', location: '', points: 0, heldPoints: 0, avatar: null });
    }));

  it('finds a member by e-mail whatever its case and surrounding spaces', () =>
    spec.given(history()).then(async (db) => {
      expect((await findMemberByEmail(db, '  ann@EXAMPLE.com '))?.id).toBe('ann');
      expect(await findMemberByEmail(db, 'nobody@example.com')).toBeNull();
    }));

  it('lists members oldest first', () =>
    spec.given(history()).then(async (db) => {
      expect((await listMembers(db)).map((m) => m.id)).toEqual(['ann', 'bob']);
    }));

  it('returns null for a member who never registered', () =>
    spec.given(history()).then(async (db) => {
      expect(await getMember(db, 'carol')).toBeNull();
    }));

  it('announces each changed member once and the directory once per batch', async () => {
    await spec.given(history()).apply();
    const log = createEventLog();
    const events = [
      log.record(
        'member-dan',
        { type: 'MemberRegistered', data: { memberId: 'dan', email: 'dan@example.com', name: 'Dan', timeZone: 'UTC', registeredAt: '2026-02-01T00:00:00.000Z' } },
        '2026-02-01T00:00:00.000Z',
      ),
      log.record('member-dan', { type: 'SkillToLearnAdded', data: { memberId: 'dan', name: 'Go' } }, '2026-02-01T00:01:00.000Z'),
      log.record('member-ann', { type: 'ProfileDetailsChanged', data: { memberId: 'ann', location: 'Lyon' } }, '2026-02-01T00:02:00.000Z'),
    ];
    const notices = await membersProjector.apply(spec.db, events);
    expect(notices).toHaveLength(3);
    expect(notices).toEqual(expect.arrayContaining([memberChanged('dan', 'profile'), memberChanged('ann', 'profile'), membersChanged()]));
    expect((await getMember(spec.db, 'ann'))?.location).toBe('Lyon');
  });

  it('refuses a profile change for a member who is not registered', async () => {
    await spec.given(history()).apply();
    const log = createEventLog();
    const orphan = log.record('member-zed', { type: 'SkillToLearnAdded', data: { memberId: 'zed', name: 'Go' } }, '2026-02-02T00:00:00.000Z');
    await expect(membersProjector.apply(spec.db, [orphan])).rejects.toThrow(/member zed/);
  });
});
