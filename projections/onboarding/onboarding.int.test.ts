import { describe, expect, it } from 'vitest';
import { memberChanged } from '../change-notices.js';
import type { WelcomeTourSeen } from '../../domain/member/events.js';
import { projectionSpec } from '../../test/projections/support/projection-spec.js';
import { dumpTables } from '../../test/projections/support/table-dump.js';
import { testTargets } from '../../test/projections/support/test-databases.js';
import { createStory, eventsFor } from '../sessions/testing.js';
import { onboardingProjector } from './projector.js';
import { getOnboarding } from './queries.js';

const AT = '2026-02-01T08:00:00.000Z';
const react = { id: 'mia-react', name: 'React', description: 'Hooks', category: 'Development', experienceLevel: 'expert' as const, pointsPerHour: 2 };

const tell = () => {
  const story = createStory();
  // Mia fills in everything she can; Sam only registers and books her.
  story.register('mia', 'Mia Mentor', AT, { bio: 'I teach React', location: 'Lisbon' });
  story.teach('mia', react, AT);
  story.member('mia', { type: 'AvailabilityAdded', data: { memberId: 'mia', entry: { day: 'Monday', startTime: '09:00', endTime: '12:00' } } }, AT);
  story.record('member-mia', { type: 'WelcomeTourSeen', data: { memberId: 'mia', seenAt: AT } } satisfies WelcomeTourSeen, AT);
  story.register('sam', 'Sam Student', AT, { bio: 'Learning', location: '   ' });
  story
    .session({ id: 's1', student: 'sam', mentor: 'mia', skillName: 'React', startsAt: '2026-03-02T10:00:00.000Z', at: '2026-03-01T09:00:00.000Z' })
    .cancelRequest('2026-03-01T09:30:00.000Z');
  // Bob had a skill and an availability entry and removed both.
  story.register('bob', 'Bob Builder', AT);
  story.teach('bob', { ...react, id: 'bob-go', name: 'Go' }, AT);
  story.member('bob', { type: 'SkillTaughtRemoved', data: { memberId: 'bob', skillId: 'bob-go' } }, AT);
  story.member('bob', { type: 'AvailabilityAdded', data: { memberId: 'bob', entry: { day: 'Friday', startTime: '14:00', endTime: '16:00' } } }, AT);
  story.member('bob', { type: 'AvailabilityRemoved', data: { memberId: 'bob', day: 'Friday', startTime: '14:00' } }, AT);
  return story;
};

describe.each(testTargets())('onboarding read model on $kind', (target) => {
  const spec = projectionSpec(target, onboardingProjector);
  const story = tell();

  it('ticks the steps the events show, leaving the feed and AI steps for later', () =>
    spec.given(story.events).then(async (db) => {
      expect(await getOnboarding(db, 'mia', true)).toEqual({
        onboardingSteps: { completed_profile: true, added_skills: true, set_availability: true, shared_post: false, asked_ai: false, scheduled_session: true },
        hasSeenWelcomeTour: true,
        completedSteps: 4,
        totalSteps: 6,
        complete: false,
        assistantAvailable: true,
      });
      // Without the assistant, asking it is not a step: 4 of 5.
      expect(await getOnboarding(db, 'mia', false)).toMatchObject({ completedSteps: 4, totalSteps: 5, complete: false, assistantAvailable: false });
      expect(await getOnboarding(db, 'sam', true)).toMatchObject({
        onboardingSteps: { completed_profile: false, added_skills: false, set_availability: false, scheduled_session: true },
        hasSeenWelcomeTour: false,
        completedSteps: 1,
      });
    }));

  it('follows the current profile: removed skills and availability un-tick their steps', () =>
    spec.given(story.events).then(async (db) => {
      expect((await getOnboarding(db, 'bob', true))?.onboardingSteps).toEqual({
        completed_profile: false,
        added_skills: false,
        set_availability: false,
        shared_post: false,
        asked_ai: false,
        scheduled_session: false,
      });
      expect(await getOnboarding(db, 'nobody', true)).toBeNull();
    }));

  it('leaves the rows alone, and tells no screen to refetch, when a booking ticks no new step', async () => {
    await spec.given(story.events).apply();
    const before = await dumpTables(spec.db, [onboardingProjector]);
    const again = createStory();
    again.session({ id: 's2', student: 'sam', mentor: 'mia', skillName: 'React', startsAt: '2026-03-09T10:00:00.000Z', at: '2026-03-02T09:00:00.000Z' });
    const requested = eventsFor(again.events, onboardingProjector.handles);
    expect(requested.map((e) => e.type)).toEqual(['SessionRequested']);
    expect(await onboardingProjector.apply(spec.db, requested)).toEqual([]);
    expect(await dumpTables(spec.db, [onboardingProjector])).toEqual(before);
  });

  it("reads a booking's two rows in one query and plans no write when both members booked before", async () => {
    await spec.given(story.events).apply();
    let queries = 0;
    const counted = spec.db.withPlugin({ transformQuery: (args) => ((queries += 1), args.node), transformResult: async (args) => args.result });
    const booking = (id: string, student: string, at: string) => {
      const s = createStory();
      s.session({ id, student, mentor: 'mia', skillName: 'React', startsAt: '2026-04-06T10:00:00.000Z', at });
      return eventsFor(s.events, onboardingProjector.handles);
    };
    // Sam and Mia have booked (above): the runtime sends no statement for this batch (commit-batch.ts).
    expect(await onboardingProjector.plan!(counted, booking('m1', 'sam', '2026-03-03T09:00:00.000Z'))).toEqual({ writes: [], notices: [] });
    expect(queries).toBe(1);
    // Bob has never booked: his booking with Mia is read and written, and ticks his step (his onboarding's change).
    expect(await onboardingProjector.apply(counted, booking('m4', 'bob', '2026-03-03T09:15:00.000Z'))).toEqual([memberChanged('bob', 'onboarding')]);
    expect((await getOnboarding(spec.db, 'bob', true))?.onboardingSteps.scheduled_session).toBe(true);
  });

  // projectionSpec compares every split's rows with the first's.
  it('gives the same rows whether events arrive in one batch or in many small ones', () =>
    spec.given(story.events).then(async (db) => {
      expect((await dumpTables(db, [onboardingProjector])).onboarding).toHaveLength(3);
    }));
});
