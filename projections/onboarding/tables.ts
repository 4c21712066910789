// Row types of the onboarding read model (kysely table types).

/**
 * What the onboarding card needs to know about a member. Profile, skills and availability steps
 * follow the member's current profile (removing the last skill un-ticks 'added_skills'); a session
 * once requested stays requested; shared_post and asked_ai wait for the feed and AI events.
 */
export interface OnboardingRow {
  member_id: string;
  has_name: boolean;
  has_bio: boolean;
  has_location: boolean;
  /** Ids of the skills the member teaches now. */
  skill_ids: string[];
  /** `${day} ${startTime}` of each availability entry (how the member stream identifies them). */
  availability_keys: string[];
  scheduled_session: boolean;
  shared_post: boolean;
  asked_ai: boolean;
  has_seen_welcome_tour: boolean;
  /** occurredAt of the last event applied to the row. */
  updated_at: Date | string;
}

export interface OnboardingTables {
  onboarding: OnboardingRow;
}
