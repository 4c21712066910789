// The onboarding read model's table. Profile, skills and availability steps follow the member's
// current profile (removing the last skill un-ticks 'added_skills'); a session once requested stays
// requested; shared_post and asked_ai tick at a member's first post and first question to The S brain.
import { bool, defineTable, jsonb, text, timestamptz, type DatabaseOf, type RowOfTable } from '../runtime/table.js';

export const onboardingTable = defineTable({
  name: 'onboarding',
  key: ['member_id'],
  columns: {
    member_id: text(),
    has_name: bool(),
    has_bio: bool(),
    has_location: bool(),
    /** Ids of the skills the member teaches now. */
    skill_ids: jsonb<string[]>(),
    /** `${day} ${startTime}` of each availability entry (how the member stream identifies them). */
    availability_keys: jsonb<string[]>(),
    scheduled_session: bool(),
    shared_post: bool(),
    asked_ai: bool(),
    has_seen_welcome_tour: bool(),
    /** occurredAt of the last event applied to the row. */
    updated_at: timestamptz(),
  },
});

export type OnboardingRow = RowOfTable<typeof onboardingTable>;
export type OnboardingDb = DatabaseOf<{ onboarding: typeof onboardingTable }>;
