// The members read model's table: one row per registered member with profile, skills and availability.
import type { Availability, TaughtSkill } from '../../domain/member/events.js';
import { defineTable, jsonb, text, timestamptz, type DatabaseOf, type RowOfTable } from '../runtime/table.js';

export const membersTable = defineTable({
  name: 'members',
  key: ['id'],
  columns: {
    id: text(),
    email: text(),
    /** Lower-cased, trimmed e-mail for look-ups at sign-in. */
    email_normalized: text(),
    name: text(),
    bio: text().defaultTo(''),
    location: text().defaultTo(''),
    time_zone: text(),
    profile_image_url: text().nullable(),
    /** The picture at the size avatars use (128 px); the profile picture itself for older events. */
    avatar_url: text().nullable(),
    skills_to_teach: jsonb<TaughtSkill[]>(),
    skills_to_learn: jsonb<string[]>(),
    availability: jsonb<Availability[]>(),
    joined_at: timestamptz(),
    /** occurredAt of the last event applied to this member (never the wall clock). */
    updated_at: timestamptz(),
  },
  indexes: {
    // Not unique: the read model mirrors events, and uniqueness of e-mails is the domain's job.
    members_email_normalized_idx: ['email_normalized'],
    members_joined_at_idx: ['joined_at', 'id'],
  },
});

export type MemberRow = RowOfTable<typeof membersTable>;
export type MembersDb = DatabaseOf<{ members: typeof membersTable }>;
