// Queries of the onboarding read model (spec 001 §2.9, §3 Onboarding).
import type { Kysely } from 'kysely';
import type { OnboardingRow } from './tables.js';
import type { ReadModelsDb } from '../read-models.js';
import type { Onboarding } from '../../api/contracts/dashboard.js';

export type OnboardingSteps = Onboarding['onboardingSteps'];

export type { Onboarding };

/** The steps that count: 'asked_ai' only where the assistant is configured (without it no ask is ever recorded). */
export const countedSteps = (assistantAvailable: boolean): (keyof OnboardingSteps)[] => [
  'completed_profile',
  'added_skills',
  'set_availability',
  'shared_post',
  ...(assistantAvailable ? (['asked_ai'] as const) : []),
  'scheduled_session',
];

export const summariseOnboarding = (onboardingSteps: OnboardingSteps, hasSeenWelcomeTour: boolean, assistantAvailable: boolean): Onboarding => {
  const counted = countedSteps(assistantAvailable);
  const done = counted.filter((step) => onboardingSteps[step]).length;
  return { onboardingSteps, hasSeenWelcomeTour, completedSteps: done, totalSteps: counted.length, complete: done === counted.length, assistantAvailable };
};

export const toOnboarding = (row: OnboardingRow, assistantAvailable: boolean): Onboarding =>
  summariseOnboarding(
    {
      completed_profile: Boolean(row.has_name && row.has_bio && row.has_location),
      added_skills: row.skill_ids.length > 0,
      set_availability: row.availability_keys.length > 0,
      shared_post: Boolean(row.shared_post),
      asked_ai: Boolean(row.asked_ai),
      scheduled_session: Boolean(row.scheduled_session),
    },
    Boolean(row.has_seen_welcome_tour),
    assistantAvailable,
  );

/** null for a member the read model has never seen. */
export const getOnboarding = async (db: Kysely<ReadModelsDb>, memberId: string, assistantAvailable: boolean): Promise<Onboarding | null> => {
  const row = await db.selectFrom('onboarding').selectAll().where('member_id', '=', memberId).executeTakeFirst();
  return row ? toOnboarding(row, assistantAvailable) : null;
};
