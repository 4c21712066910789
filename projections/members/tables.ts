// Row types of the members read model (kysely table types).
import type { Availability, TaughtSkill } from '../../domain/member/events.js';

export interface MemberRow {
  id: string;
  email: string;
  /** Lower-cased, trimmed e-mail for look-ups at sign-in. */
  email_normalized: string;
  name: string;
  bio: string;
  location: string;
  time_zone: string;
  profile_image_url: string | null;
  skills_to_teach: TaughtSkill[];
  skills_to_learn: string[];
  availability: Availability[];
  joined_at: Date | string;
  /** occurredAt of the last event applied to this member (never the wall clock). */
  updated_at: Date | string;
}

export interface MembersTables {
  members: MemberRow;
}
