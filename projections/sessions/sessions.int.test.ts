import { describe, expect, it } from 'vitest';
import { memberChanged } from '../change-notices.js';
import { isChange } from '../../api/contracts/live.js';
import { projectionSpec } from '../../test/projections/support/projection-spec.js';
import { dumpTables } from '../../test/projections/support/table-dump.js';
import { testTargets } from '../../test/projections/support/test-databases.js';
import { balancesProjector } from '../balances/projector.js';
import { membersProjector } from '../members/projector.js';
import { activitySummary, dashboardCounts, dashboardSessions } from './dashboard-queries.js';
import { sessionsProjector } from './projector.js';
import { bookedIntervals, dueForScheduler, getHolds, getSession, getThread, listMemberSessions, listModifications } from './queries.js';
import { pointStatusOf } from './session-view.js';
import { createStory } from './testing.js';

// Mia mentors; Sam and Bob learn from her (Mia also books Bob once). Told in time order.
const tell = () => {
  const story = createStory();
  story.register('mia', 'Mia Mentor', '2026-02-01T08:00:00.000Z');
  story.register('sam', 'Sam Student', '2026-02-01T08:01:00.000Z');
  story.register('bob', 'Bob Builder', '2026-02-01T08:02:00.000Z');
  const s = (id: string, student: string, mentor: string, skillName: string, startsAt: string, at: string, message = '') =>
    story.session({ id, student, mentor, skillName, startsAt, at, message });
  const sql = s('s4', 'sam', 'mia', 'SQL', '2026-03-02T15:00:00.000Z', '2026-03-01T08:00:00.000Z');
  s('s1', 'sam', 'mia', 'React', '2026-03-10T14:00:00.000Z', '2026-03-01T09:00:00.000Z', 'Could we look at hooks?');
  const ts = s('s2', 'sam', 'mia', 'TypeScript', '2026-03-05T10:00:00.000Z', '2026-03-01T10:00:00.000Z');
  sql.approve('2026-03-01T10:30:00.000Z');
  ts.approve('2026-03-01T11:00:00.000Z');
  const go = s('s3', 'bob', 'mia', 'Go', '2026-03-04T09:00:00.000Z', '2026-03-01T12:00:00.000Z');
  go.approve('2026-03-01T12:30:00.000Z').propose('bob', '2026-03-06T09:00:00.000Z', '2026-03-01T13:00:00.000Z', 'Thursday is bad for me');
  go.say('bob', 'Sorry for the change!', '2026-03-01T13:01:00.000Z').say('mia', 'No problem, let me check.', '2026-03-01T13:05:00.000Z');
  s('s5', 'sam', 'bob', 'Design', '2026-03-06T10:00:00.000Z', '2026-03-01T13:30:00.000Z').reject('2026-03-01T14:00:00.000Z');
  s('s6', 'sam', 'mia', 'Python', '2026-03-06T16:00:00.000Z', '2026-03-01T14:30:00.000Z').cancelRequest('2026-03-01T14:45:00.000Z');
  const rust = s('s7', 'mia', 'bob', 'Rust', '2026-03-03T09:00:00.000Z', '2026-03-01T15:00:00.000Z');
  const kotlin = s('s8', 'sam', 'mia', 'Kotlin', '2026-03-08T10:00:00.000Z', '2026-03-01T15:30:00.000Z').approve('2026-03-01T16:00:00.000Z');
  const vue = s('s9', 'bob', 'mia', 'Vue', '2026-03-07T10:00:00.000Z', '2026-03-01T17:00:00.000Z').approve('2026-03-01T18:00:00.000Z');
  kotlin.propose('mia', '2026-03-09T11:00:00.000Z', '2026-03-02T09:00:00.000Z');
  kotlin.approveReschedule('sam', '2026-03-02T10:00:00.000Z');
  vue.propose('bob', '2026-03-07T15:00:00.000Z', '2026-03-02T11:00:00.000Z').cancel('mia', 'I am ill', '2026-03-02T12:00:00.000Z');
  sql.complete('2026-03-02T16:00:00.000Z').rate(5, 'Great teacher', '2026-03-02T17:00:00.000Z');
  rust.expire('2026-03-03T09:00:00.000Z');
  return story.events;
};

describe.each(testTargets())('sessions read model on $kind', (target) => {
  const spec = projectionSpec(target, sessionsProjector, { with: [membersProjector, balancesProjector] });
  const events = tell();

  const ids = (page: { sessions: { id: string }[] }) => page.sessions.map((s) => s.id);

  it('puts each session in the tab of its status, ordered per tab', () =>
    spec.given(events).then(async (db) => {
      const tab = (t: 'requested' | 'upcoming' | 'completed' | 'history') => dashboardSessions(db, { memberId: 'mia', tab: t, page: 1, limit: 10 });
      expect(ids(await tab('requested'))).toEqual(['s1']);
      expect(ids(await tab('upcoming'))).toEqual(['s3', 's2', 's8']);
      // Completed holds only s4; History the ones that ended without taking place: s9 (cancelled),
      // s6 (request withdrawn), s7 (expired: declined), latest start first.
      expect(ids(await tab('completed'))).toEqual(['s4']);
      expect(ids(await tab('history'))).toEqual(['s9', 's6', 's7']);
      expect(await dashboardCounts(db, 'mia')).toEqual({ requested: 1, upcoming: 3, completed: 1, history: 3 });
      // Sam: one completed session, s5 rejected, s6 withdrawn.
      expect(await dashboardCounts(db, 'sam')).toEqual({ requested: 1, upcoming: 2, completed: 1, history: 2 });
      expect(await dashboardCounts(db, 'nobody')).toEqual({ requested: 0, upcoming: 0, completed: 0, history: 0 });
    }));

  it('shows requests newest first', () => {
    const story = createStory();
    story.session({ id: 'n1', student: 'sam', mentor: 'bob', skillName: 'Chess', startsAt: '2026-03-20T10:00:00.000Z', at: '2026-03-01T09:00:00.000Z' });
    story.session({ id: 'n2', student: 'sam', mentor: 'bob', skillName: 'Poker', startsAt: '2026-03-19T10:00:00.000Z', at: '2026-03-01T10:00:00.000Z' });
    return spec.given(story.events).then(async (db) => {
      expect(ids(await dashboardSessions(db, { memberId: 'sam', tab: 'requested' }))).toEqual(['n2', 'n1']);
    });
  });

  it("searches the other participant's name and the skill name, and filters by skill and status", () =>
    spec.given(events).then(async (db) => {
      const upcoming = (extra: { search?: string; skill?: string; status?: string }) =>
        dashboardSessions(db, { memberId: 'mia', tab: 'upcoming', page: 1, limit: 10, ...extra });
      expect(ids(await upcoming({ search: 'bob' }))).toEqual(['s3']);
      expect(ids(await upcoming({ search: 'SAM st' }))).toEqual(['s2', 's8']);
      expect(ids(await upcoming({ search: 'script' }))).toEqual(['s2']);
      expect(ids(await upcoming({ search: 'mia' }))).toEqual([]); // her own name is not the other participant's
      expect(ids(await upcoming({ search: '%' }))).toEqual([]);
      expect(ids(await upcoming({ skill: 'kotlin' }))).toEqual(['s8']);
      expect(ids(await upcoming({ skill: 'skill-go' }))).toEqual(['s3']);
      expect(ids(await upcoming({ status: 'modification_pending' }))).toEqual(['s3']);
      expect(ids(await upcoming({ status: 'completed' }))).toEqual([]);
      expect(ids(await dashboardSessions(db, { memberId: 'mia', tab: 'requested', status: 'pending' }))).toEqual(['s1']);
    }));

  it('pages with a total and hasMore', () =>
    spec.given(events).then(async (db) => {
      const first = await dashboardSessions(db, { memberId: 'mia', tab: 'upcoming', page: 1, limit: 2 });
      const second = await dashboardSessions(db, { memberId: 'mia', tab: 'upcoming', page: 2, limit: 2 });
      expect([ids(first), first.total, first.hasMore]).toEqual([['s3', 's2'], 3, true]);
      expect([ids(second), second.total, second.hasMore]).toEqual([['s8'], 3, false]);
      const counted = await dashboardSessions(db, { memberId: 'mia', tab: 'upcoming', limit: 1 });
      expect(counted.total).toBe(3);
    }));

  it('gives a session in the spec shape, in the viewer zone and from the viewer side', () =>
    spec.given(events).then(async (db) => {
      const session = await getSession(db, 's2', { viewerId: 'sam', timeZone: 'Europe/Paris' });
      expect(session).toMatchObject({
        id: 's2',
        student_id: 'sam',
        studentId: 'sam',
        instructor_id: 'mia',
        skill_name: 'TypeScript',
        scheduled_at: '2026-03-05T10:00:00.000Z',
        session_date: '2026-03-05',
        session_time: '11:00',
        duration: 1,
        status: 'confirmed',
        cost: 1,
        point_status: 'held',
        held_points: 1,
        points_transferred: 0,
        video_call_link: 'https://meet.example/s2',
        role: 'student',
        other_user: { id: 'mia', name: 'Mia Mentor', avatar: null },
        created_at: '2026-03-01T10:00:00.000Z',
        updated_at: '2026-03-01T11:00:00.000Z',
      });
      expect(await getSession(db, 's1')).toMatchObject({ student_message: 'Could we look at hooks?', requestMessage: 'Could we look at hooks?', role: null });
      expect(await getSession(db, 'missing')).toBeNull();
    }));

  it('derives the point status from the holds on every path', () =>
    spec.given(events).then(async (db) => {
      const status = async (id: string) => (await getSession(db, id))?.point_status;
      expect(await status('s1')).toBe('held'); // requested
      expect(await status('s4')).toBe('transferred'); // completed
      expect(await status('s5')).toBe('refunded'); // rejected
      expect(await status('s6')).toBe('refunded'); // request cancelled
      expect(await status('s7')).toBe('refunded'); // expired
      expect(await status('s9')).toBe('refunded'); // cancelled after approval
      expect(await getHolds(db, 's4')).toEqual([
        {
          id: 'hold-s4',
          session_id: 's4',
          member_id: 'sam',
          state: 'adjudicated',
          amount: 1,
          created_at: '2026-03-01T08:00:00.000Z',
          updated_at: '2026-03-02T16:00:00.000Z',
        },
      ]);
      expect((await getSession(db, 's4'))?.points_transferred).toBe(1);
      expect(await getHolds(db, 'missing')).toEqual([]);
      expect(pointStatusOf([])).toBe('none');
      expect(pointStatusOf([{ state: 'refunded' }, { state: 'adjudicated' }])).toBe('transferred');
    }));

  it('keeps the thread with system messages in order', () =>
    spec.given(events).then(async (db) => {
      const thread = await getThread(db, 's3');
      expect(thread.map((m) => [m.sender_id, m.is_system_message, m.message])).toEqual([
        [null, true, 'Session requested: Go'],
        [null, true, 'Session approved. The video-call link is ready.'],
        [null, true, 'Reschedule proposed: Thursday is bad for me'],
        ['bob', false, 'Sorry for the change!'],
        ['mia', false, 'No problem, let me check.'],
      ]);
      expect(thread[3]).toMatchObject({ id: 'msg-s3-2', session_id: 's3', created_at: '2026-03-01T13:01:00.000Z' });
      const rated = (await getThread(db, 's4')).map((m) => m.message);
      expect(rated.at(-1)).toBe('[rating rater=sam stars=5 review=yes] Rated the session 5 stars and wrote a review');
    }));

  it('tracks reschedules: pending, approved with who and when, and closed with a cancelled session', () =>
    spec.given(events).then(async (db) => {
      expect(await listModifications(db, 's3', { timeZone: 'America/New_York' })).toEqual([
        expect.objectContaining({
          id: 'mod-s3-1',
          status: 'pending',
          proposed_by: 'bob',
          proposed_starts_at: '2026-03-06T09:00:00.000Z',
          proposed_date: '2026-03-06',
          proposed_time: '04:00',
          previous_starts_at: '2026-03-04T09:00:00.000Z',
          message: 'Thursday is bad for me',
          resolved_by: null,
          created_at: '2026-03-01T13:00:00.000Z',
        }),
      ]);
      const kotlin = await getSession(db, 's8');
      expect(kotlin).toMatchObject({
        status: 'confirmed',
        scheduled_at: '2026-03-09T11:00:00.000Z',
        approved_by: 'sam',
        approved_by_name: 'Sam Student',
        approved_at: '2026-03-02T10:00:00.000Z',
        pending_modification_id: null,
      });
      expect((await listModifications(db, 's8')).map((m) => [m.status, m.resolved_by])).toEqual([['approved', 'sam']]);
      expect((await listModifications(db, 's9')).map((m) => [m.status, m.resolved_by])).toEqual([['cancelled', 'mia']]);
      expect(await getSession(db, 's9')).toMatchObject({ status: 'cancelled', status_reason: 'I am ill', status_changed_by: 'mia' });
      expect(await getSession(db, 's3')).toMatchObject({ status: 'modification_pending', pending_modification_id: 'mod-s3-1' });
    }));

  it("lists a member's sessions on both sides", () =>
    spec.given(events).then(async (db) => {
      const mine = await listMemberSessions(db, 'mia');
      expect(mine.map((s) => s.id).sort()).toEqual(['s1', 's2', 's3', 's4', 's6', 's7', 's8', 's9']);
      expect(mine.find((s) => s.id === 's7')).toMatchObject({ role: 'student', status: 'declined', other_user: { name: 'Bob Builder' } });
    }));

  it('knows when a member is busy, optionally leaving one session out', () =>
    spec.given(events).then(async (db) => {
      expect(await bookedIntervals(db, 'mia')).toEqual([
        { startsAt: '2026-03-02T15:00:00.000Z', durationHours: 1 },
        { startsAt: '2026-03-04T09:00:00.000Z', durationHours: 1 },
        { startsAt: '2026-03-05T10:00:00.000Z', durationHours: 1 },
        { startsAt: '2026-03-09T11:00:00.000Z', durationHours: 1 },
        { startsAt: '2026-03-10T14:00:00.000Z', durationHours: 1 },
      ]);
      const without = await bookedIntervals(db, 'mia', { excludeSessionId: 's8', from: '2026-03-03T00:00:00.000Z' });
      expect(without.map((b) => b.startsAt)).toEqual(['2026-03-04T09:00:00.000Z', '2026-03-05T10:00:00.000Z', '2026-03-10T14:00:00.000Z']);
    }));

  it('tells the scheduler which requests expire and which sessions complete', () =>
    spec.given(events).then(async (db) => {
      expect(await dueForScheduler(db, '2026-03-03T00:00:00.000Z')).toEqual({ expire: [], complete: [] });
      expect(await dueForScheduler(db, '2026-03-05T11:00:00.000Z')).toEqual({ expire: [], complete: ['s3', 's2'] });
      expect(await dueForScheduler(db, '2026-03-10T14:00:00.000Z')).toEqual({ expire: ['s1'], complete: ['s3', 's2', 's8'] });
    }));

  it('summarises activity: at most three upcoming sessions and what needs an answer', () =>
    spec.given(events).then(async (db) => {
      const summary = await activitySummary(db, 'mia', '2026-03-03T00:00:00.000Z');
      expect(summary.upcoming.map((s) => s.id)).toEqual(['s3', 's2', 's8']);
      expect(summary.counts).toEqual({ requested: 1, upcoming: 3, completed: 1, history: 3 });
      expect(summary.actionRequired).toBe(2); // Sam's React request and Bob's reschedule
      expect((await activitySummary(db, 'bob', '2026-03-03T00:00:00.000Z')).actionRequired).toBe(0);
      expect((await activitySummary(db, 'mia', '2026-03-05T10:30:00.000Z')).upcoming.map((s) => s.id)).toEqual(['s2', 's8']);
    }));

  it('announces the session to both participants, and to each a change to their sessions', () => {
    const story = createStory();
    story.session({ id: 'x1', student: 'sam', mentor: 'bob', skillName: 'Chess', startsAt: '2026-04-01T10:00:00.000Z', at: '2026-03-01T09:00:00.000Z' });
    return spec.given(story.events).then((_, { notices }) => {
      expect(notices).toContainEqual({ audience: { to: 'members', ids: ['sam', 'bob'] }, payload: { type: 'changed', scope: 'session', id: 'x1' } });
      expect(notices).toContainEqual(memberChanged('sam', 'sessions'));
      expect(notices).toContainEqual(memberChanged('bob', 'sessions'));
      const ofMembers = notices.map(({ payload }) => payload).filter((payload) => isChange(payload, 'user'));
      expect(ofMembers.every((payload) => payload.about === 'sessions')).toBe(true);
    });
  });

  // projectionSpec compares every split's rows with the first's.
  it('gives the same rows whether events arrive in one batch or in many small ones', () =>
    spec.given(events).then(async (db) => {
      expect((await dumpTables(db, [sessionsProjector])).sessions).toHaveLength(9);
    }));
});
