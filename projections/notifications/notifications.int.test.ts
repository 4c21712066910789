import { describe, expect, it } from 'vitest';
import { memberChanged } from '../change-notices.js';
import { isChange } from '../../api/contracts/live.js';
import type { InboxEvent } from '../../domain/notification-inbox/events.js';
import { projectionSpec } from '../../test/projections/support/projection-spec.js';
import { dumpTables } from '../../test/projections/support/table-dump.js';
import { testTargets } from '../../test/projections/support/test-databases.js';
import { membersProjector } from '../members/projector.js';
import { createStory } from '../sessions/testing.js';
import { notificationsProjector } from './projector.js';
import { listNotifications, unreadCount } from './queries.js';
import { notificationId } from './session-notifications.js';

const inbox = (event: InboxEvent) => event;

const tell = () => {
  const story = createStory();
  story.register('mia', 'Mia Mentor', '2026-02-01T08:00:00.000Z');
  story.register('sam', 'Sam Student', '2026-02-01T08:01:00.000Z');
  const s = (id: string, skillName: string, startsAt: string, at: string, message = '') =>
    story.session({ id, student: 'sam', mentor: 'mia', skillName, startsAt, at, message });
  const react = s('s1', 'React', '2026-03-10T14:00:00.000Z', '2026-03-01T09:00:00.000Z', 'Could we look at hooks? I keep getting stale closures in effects.');
  react.approve('2026-03-01T10:00:00.000Z');
  react.say('sam', 'Thanks!', '2026-03-01T10:05:00.000Z');
  react.propose('sam', '2026-03-11T14:00:00.000Z', '2026-03-01T11:00:00.000Z', 'Tuesday?');
  react.declineReschedule('mia', '2026-03-01T11:30:00.000Z');
  react.propose('mia', '2026-03-12T14:00:00.000Z', '2026-03-01T12:00:00.000Z');
  react.cancelReschedule('mia', '2026-03-01T12:10:00.000Z');
  react.propose('mia', '2026-03-12T15:00:00.000Z', '2026-03-01T12:20:00.000Z');
  react.approveReschedule('sam', '2026-03-01T12:30:00.000Z');
  s('s2', 'SQL', '2026-03-05T10:00:00.000Z', '2026-03-01T13:00:00.000Z').reject('2026-03-01T13:10:00.000Z', 'Busy that week');
  s('s3', 'Go', '2026-03-05T12:00:00.000Z', '2026-03-01T14:00:00.000Z').cancelRequest('2026-03-01T14:10:00.000Z');
  s('s4', 'Rust', '2026-03-02T09:00:00.000Z', '2026-03-01T15:00:00.000Z').expire('2026-03-02T09:00:00.000Z');
  s('s5', 'Vue', '2026-03-06T10:00:00.000Z', '2026-03-01T16:00:00.000Z').approve('2026-03-01T16:10:00.000Z').cancel('sam', 'Plans changed', '2026-03-02T10:00:00.000Z');
  s('s6', 'Kotlin', '2026-03-02T12:00:00.000Z', '2026-03-01T17:00:00.000Z')
    .approve('2026-03-01T17:10:00.000Z')
    .markCompleted('2026-03-02T12:30:00.000Z')
    .rate(4, '', '2026-03-02T14:00:00.000Z');
  s('s7', 'Swift', '2026-03-02T15:00:00.000Z', '2026-03-01T18:00:00.000Z').approve('2026-03-01T18:10:00.000Z').complete('2026-03-02T16:00:00.000Z');
  return story;
};

describe.each(testTargets())('notifications read model on $kind', (target) => {
  // Members name who acted; the stories below record more events, each on a story of its own.
  const spec = projectionSpec(target, notificationsProjector, { with: [membersProjector] });
  const story = tell();

  it('notifies the participant who did not act, for every session event', () =>
    spec.given(story.events).then(async (db) => {
      const summary = async (memberId: string) =>
        (await listNotifications(db, memberId, 100)).map((n) => [n.session_id, n.type, n.title, n.message, n.from_user_id]).reverse();
      expect(await summary('mia')).toEqual([
        ['s1', 'session_request', 'New Session Request', 'Sam Student requested a React session: "Could we look at hooks? I keep getting stale closu..."', 'sam'],
        ['s1', 'thread_message', 'New Session Message', 'Sam Student sent a message about React: Thanks!', 'sam'],
        ['s1', 'modification_request', 'Reschedule Requested', 'Sam Student proposed a new time for your React session: "Tuesday?"', 'sam'],
        ['s1', 'dashboard_action', 'Reschedule Approved', 'Sam Student approved the new time for your React session', 'sam'],
        ['s2', 'session_request', 'New Session Request', 'Sam Student requested a SQL session', 'sam'],
        ['s3', 'session_request', 'New Session Request', 'Sam Student requested a Go session', 'sam'],
        ['s3', 'session_cancelled', 'Session Request Cancelled', 'Sam Student cancelled the Go session request', 'sam'],
        ['s4', 'session_request', 'New Session Request', 'Sam Student requested a Rust session', 'sam'],
        ['s5', 'session_request', 'New Session Request', 'Sam Student requested a Vue session', 'sam'],
        ['s6', 'session_request', 'New Session Request', 'Sam Student requested a Kotlin session', 'sam'],
        ['s7', 'session_request', 'New Session Request', 'Sam Student requested a Swift session', 'sam'],
        ['s4', 'dashboard_action', 'Session Request Declined', 'A Rust session request expired before you answered it.', null],
        ['s5', 'session_cancelled', 'Session Cancelled', 'Sam Student cancelled your Vue session: Plans changed', 'sam'],
        ['s6', 'dashboard_action', 'New Rating', 'Sam Student rated your Kotlin session 4 stars', 'sam'],
        ['s7', 'dashboard_action', 'Session Completed', 'Your Swift session is complete. You earn 1 point.', null],
      ]);
      expect(await summary('sam')).toEqual([
        ['s1', 'session_approved', 'Session Approved', 'Mia Mentor approved your React session', 'mia'],
        ['s1', 'dashboard_action', 'Reschedule Declined', 'Mia Mentor declined the new time for your React session', 'mia'],
        ['s1', 'modification_request', 'Reschedule Requested', 'Mia Mentor proposed a new time for your React session', 'mia'],
        ['s1', 'dashboard_action', 'Reschedule Withdrawn', 'Mia Mentor withdrew the reschedule request for your React session', 'mia'],
        ['s1', 'modification_request', 'Reschedule Requested', 'Mia Mentor proposed a new time for your React session', 'mia'],
        ['s2', 'session_rejected', 'Session Request Rejected', 'Mia Mentor rejected your SQL session request: Busy that week', 'mia'],
        ['s5', 'session_approved', 'Session Approved', 'Mia Mentor approved your Vue session', 'mia'],
        ['s6', 'session_approved', 'Session Approved', 'Mia Mentor approved your Kotlin session', 'mia'],
        ['s7', 'session_approved', 'Session Approved', 'Mia Mentor approved your Swift session', 'mia'],
        ['s4', 'dashboard_action', 'Session Request Declined', 'Your Rust session request was not answered before its start time. Your points were refunded.', null],
        ['s6', 'dashboard_action', 'Session Completed', 'Mia Mentor marked your Kotlin session as completed. Rate it on your dashboard.', 'mia'],
        ['s7', 'dashboard_action', 'Session Completed', 'Your Swift session is complete. Rate it on your dashboard.', null],
      ]);
    }));

  it('gives each notification a stable id from its event and recipient, and the spec fields', () =>
    spec.given(story.events).then(async (db) => {
      const [newest] = await listNotifications(db, 'mia', 1);
      const completed = story.events.find((e) => e.type === 'SessionCompleted' && e.streamId === 'session-s7')!;
      expect(newest).toEqual({
        id: notificationId(completed.metadata.eventId, 'mia'),
        user_id: 'mia',
        type: 'dashboard_action',
        event_type: 'SESSION_COMPLETED',
        title: 'Session Completed',
        message: 'Your Swift session is complete. You earn 1 point.',
        session_id: 's7',
        from_user_id: null,
        from_user_name: null,
        comment_id: null,
        post_id: null,
        read: false,
        created_at: '2026-03-02T16:00:00.000Z',
      });
      expect(notificationId('evt-1', 'mia')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(notificationId('evt-1', 'mia')).not.toBe(notificationId('evt-1', 'sam'));
    }));

  it('marks notifications read one by one and all at once, from the inbox stream', async () => {
    const story = tell();
    await spec.given(story.events).apply();
    expect(await unreadCount(spec.db, 'sam')).toBe(12);
    const [newest, second] = await listNotifications(spec.db, 'sam', 2);
    const marks = [
      // An id of someone else's notification is ignored.
      story.record(
        'inbox-sam',
        inbox({ type: 'NotificationsMarkedRead', data: { memberId: 'sam', notificationIds: [newest!.id, 'not-mine'] } }),
        '2026-03-03T00:00:00.000Z',
      ),
    ];
    const notices = await notificationsProjector.apply(spec.db, marks);
    expect(notices).toEqual([memberChanged('sam', 'notifications')]);
    const after = await listNotifications(spec.db, 'sam', 2);
    expect(after.map((n) => [n.id, n.read])).toEqual([
      [newest!.id, true],
      [second!.id, false],
    ]);
    expect(await unreadCount(spec.db, 'sam')).toBe(11);
    expect(await unreadCount(spec.db, 'mia')).toBe(15);

    await notificationsProjector.apply(spec.db, [
      story.record('inbox-mia', inbox({ type: 'AllNotificationsMarkedRead', data: { memberId: 'mia', upTo: '2026-03-01T16:00:00.000Z' } }), '2026-03-03T00:01:00.000Z'),
    ]);
    expect(await unreadCount(spec.db, 'mia')).toBe(6); // those created after 16:00 stay unread
    // An older 'mark all' arriving late does not unread anything.
    await notificationsProjector.apply(spec.db, [
      story.record('inbox-mia', inbox({ type: 'AllNotificationsMarkedRead', data: { memberId: 'mia', upTo: '2026-03-01T09:00:00.000Z' } }), '2026-03-03T00:02:00.000Z'),
    ]);
    expect(await unreadCount(spec.db, 'mia')).toBe(6);
    await notificationsProjector.apply(spec.db, [
      story.record('inbox-mia', inbox({ type: 'AllNotificationsMarkedRead', data: { memberId: 'mia', upTo: '2026-03-03T00:03:00.000Z' } }), '2026-03-03T00:03:00.000Z'),
    ]);
    expect(await unreadCount(spec.db, 'mia')).toBe(0);
    expect((await listNotifications(spec.db, 'mia')).every((n) => n.read)).toBe(true);
    expect(await unreadCount(spec.db, 'sam')).toBe(11);
  });

  it('announces each new notification to its recipient as a change to their notifications', () =>
    spec.given(story.events).then((_, { notices }) => {
      expect(notices).toContainEqual(memberChanged('sam', 'notifications'));
      expect(notices).toContainEqual(memberChanged('mia', 'notifications'));
      expect(notices.every(({ audience, payload }) => audience.to === 'members' && isChange(payload, 'user') && payload.about === 'notifications')).toBe(true);
    }));

  it('returns nothing for a member without notifications', () =>
    spec.given(story.events).then(async (db) => {
      expect(await listNotifications(db, 'nobody')).toEqual([]);
      expect(await unreadCount(db, 'nobody')).toBe(0);
    }));

  // projectionSpec compares every split's rows with the first's.
  it('gives the same rows whether events arrive in one batch or in many small ones', () => {
    const marked = tell();
    marked.record('inbox-mia', inbox({ type: 'AllNotificationsMarkedRead', data: { memberId: 'mia', upTo: '2026-03-01T16:00:00.000Z' } }), '2026-03-03T00:01:00.000Z');
    marked.record('inbox-sam', inbox({ type: 'AllNotificationsMarkedRead', data: { memberId: 'sam', upTo: '2026-03-03T00:00:00.000Z' } }), '2026-03-03T00:02:00.000Z');
    return spec.given(marked.events).then(async (db) => {
      expect((await dumpTables(db, [notificationsProjector])).notifications).toHaveLength(27);
      expect(await unreadCount(db, 'mia')).toBe(6);
      expect(await unreadCount(db, 'sam')).toBe(0);
    });
  });
});
