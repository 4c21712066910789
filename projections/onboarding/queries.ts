// Queries of the onboarding read model (spec 001 §2.9, §3 Onboarding).
import type { Kysely } from 'kysely';
import type { OnboardingRow } from './tables.js';
import type { ReadModelsDb } from '../read-models.js';
import type { Onboarding } from '../../api/contracts/dashboard.js';

export type OnboardingSteps = Onboarding['onboardingSteps'];

export type { Onboarding };

export const toOnboarding = (row: OnboardingRow): Onboarding => {
  const onboardingSteps: OnboardingSteps = {
    completed_profile: Boolean(row.has_name && row.has_bio && row.has_location),
    added_skills: row.skill_ids.length > 0,
    set_availability: row.availability_keys.length > 0,
    shared_post: Boolean(row.shared_post),
    asked_ai: Boolean(row.asked_ai),
    scheduled_session: Boolean(row.scheduled_session),
  };
  const done = Object.values(onboardingSteps).filter(Boolean).length;
  const total = Object.keys(onboardingSteps).length;
  return { onboardingSteps, hasSeenWelcomeTour: Boolean(row.has_seen_welcome_tour), completedSteps: done, totalSteps: total, complete: done === total };
};

/** null for a member the read model has never seen. */
export const getOnboarding = async (db: Kysely<ReadModelsDb>, memberId: string): Promise<Onboarding | null> => {
  const row = await db.selectFrom('onboarding').selectAll().where('member_id', '=', memberId).executeTakeFirst();
  return row ? toOnboarding(row) : null;
};
