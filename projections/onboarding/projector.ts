// The onboarding read model: per member, what the six-step onboarding card and the welcome tour need.
import { defineProjection, type Recorded } from '../runtime/define-projection.js';
import { memberChanged } from '../change-notices.js';
import { emptyOnboarding, evolveOnboarding, membersOf, type OnboardingEvent } from './evolve.js';
import { onboardingTable } from './tables.js';

const onboardingEventTypes = [
  'MemberRegistered',
  'ProfileDetailsChanged',
  'SkillTaughtAdded',
  'SkillTaughtRemoved',
  'AvailabilityAdded',
  'AvailabilityRemoved',
  'WelcomeTourSeen',
  'SessionRequested',
  'PostCreated',
  'AiReplyRequested',
] as const satisfies readonly OnboardingEvent['type'][];

export const onboardingProjector = defineProjection({
  name: 'onboarding',
  // 2: shared_post and asked_ai follow the feed (issue 20).
  version: 2,
  migration: '20261123T0940-create-onboarding',
  tables: { onboarding: onboardingTable },
  canHandle: onboardingEventTypes,
  reads: (event: Recorded<OnboardingEvent>) => ({ onboarding: membersOf(event) }),
  // Every booking reads both members' rows (a mentor's with all its availability keys), though only a
  // member's first booking changes theirs: the rows stay in memory between batches (decision 378).
  keepRows: ['onboarding'],
  evolve(rows, event) {
    const { occurredAt } = event.metadata;
    // A row evolve hands back untouched (a member's later bookings) is not written, and its member's
    // screens are not told to refetch: a batch of such bookings sends no statement at all.
    return membersOf(event).flatMap((memberId) => {
      const before = rows.onboarding.get(memberId) ?? emptyOnboarding(memberId, occurredAt);
      const after = evolveOnboarding(before, event, occurredAt);
      if (after === before) return [];
      rows.onboarding.put(after);
      return [memberChanged(memberId, 'onboarding')];
    });
  },
});
