import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMember, registerMember } from '../members.js';
import { inboxStreamId, memberStreamId } from '../stream-ids.js';
import { openTestEventStore, wireTestCommands, withReadBarrier, type TestEventStore } from '../../test/support/test-event-store.js';
import { markAllNotificationsRead, markNotificationRead, markNotificationsRead } from './notifications.js';
import { hasSeenWelcomeTour, markWelcomeTourSeen } from './welcome-tour.js';

const NOW = '2026-03-02T09:00:00.000Z';
let fixture: TestEventStore;
beforeAll(async () => {
  fixture = await openTestEventStore('notifications');
});
afterAll(async () => {
  await fixture?.close();
});

const deps = () => fixture.commands;
const typesIn = async (stream: string) => (await fixture.store.readStream(stream)).map((e) => [e.type, e.data]);

describe('notification read flags', () => {
  it('marks a notification read once, however often it is clicked', async () => {
    const memberId = randomUUID();
    const first = await markNotificationRead(deps(), { memberId, notificationId: 'n1', now: NOW });
    expect(first.checkpoint).toEqual(expect.any(String));
    expect(await markNotificationRead(deps(), { memberId, notificationId: 'n1', now: NOW })).toEqual({ checkpoint: null, events: [] });
    await markNotificationsRead(deps(), { memberId, notificationIds: ['n1', 'n2'], now: NOW });
    expect(await typesIn(inboxStreamId(memberId))).toEqual([
      ['NotificationsMarkedRead', { memberId, notificationIds: ['n1'] }],
      ['NotificationsMarkedRead', { memberId, notificationIds: ['n2'] }],
    ]);
  });

  it('marks everything up to now read, and lands both of two racing marks', async () => {
    const memberId = randomUUID();
    const racing = wireTestCommands(withReadBarrier(fixture.store, 2));
    await Promise.all([markAllNotificationsRead(racing, { memberId, now: NOW }), markNotificationRead(racing, { memberId, notificationId: 'n9', now: NOW })]);
    expect((await typesIn(inboxStreamId(memberId))).map(([type]) => type).sort()).toEqual(['AllNotificationsMarkedRead', 'NotificationsMarkedRead']);
    expect((await markAllNotificationsRead(deps(), { memberId, now: NOW })).checkpoint).toBeNull();
  });

  it("refuses to mark another member's notifications", async () => {
    await expect(markNotificationRead(deps(), { memberId: randomUUID(), actorId: randomUUID(), notificationId: 'n1', now: NOW })).rejects.toMatchObject({
      code: 'NOT_AUTHORISED',
    });
  });
});

describe('the welcome tour', () => {
  it('is recorded as seen once, and leaves the profile as it was', async () => {
    const memberId = randomUUID();
    await registerMember(deps(), { memberId, email: 'ada@example.com', name: 'Ada', timeZone: 'UTC', now: NOW });
    expect(await hasSeenWelcomeTour(deps(), memberId)).toBe(false);
    const seen = await markWelcomeTourSeen(deps(), { memberId, actorId: memberId, now: NOW });
    expect(seen).toEqual({ hasSeenWelcomeTour: true, checkpoint: expect.any(String), events: [expect.objectContaining({ type: 'WelcomeTourSeen' })] });
    expect((await markWelcomeTourSeen(deps(), { memberId, actorId: memberId, now: NOW })).checkpoint).toBeNull();
    expect(await hasSeenWelcomeTour(deps(), memberId)).toBe(true);
    expect((await typesIn(memberStreamId(memberId))).map(([type]) => type)).toEqual(['MemberRegistered', 'WelcomeTourSeen']);
    expect(await loadMember(deps(), memberId)).toMatchObject({ status: 'active', name: 'Ada' });
  });

  it('refuses another member', async () => {
    const memberId = randomUUID();
    await registerMember(deps(), { memberId, email: 'bo@example.com', name: 'Bo', timeZone: 'UTC', now: NOW });
    await expect(markWelcomeTourSeen(deps(), { memberId, actorId: randomUUID(), now: NOW })).rejects.toMatchObject({ code: 'NOT_AUTHORISED' });
  });
});
