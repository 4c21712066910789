// How member and session events move a member's onboarding row. Pure.
import type { MemberStreamEvent } from '../../domain/member/events.js';
import type { AiReplyRequested, PostCreated } from '../../domain/post/events.js';
import type { SessionRequested } from '../../domain/session/events.js';
import type { OnboardingRow } from './tables.js';

export type OnboardingEvent = MemberStreamEvent | SessionRequested | PostCreated | AiReplyRequested;

export const emptyOnboarding = (memberId: string, occurredAt: string): OnboardingRow => ({
  member_id: memberId,
  has_name: false,
  has_bio: false,
  has_location: false,
  skill_ids: [],
  availability_keys: [],
  scheduled_session: false,
  shared_post: false,
  asked_ai: false,
  has_seen_welcome_tour: false,
  updated_at: occurredAt,
});

const filled = (text: string | undefined, before: boolean) => (text === undefined ? before : text.trim() !== '');

/** The members an event concerns: both participants of a request, a post's author, who asked The S brain, else the member of the stream. */
export const membersOf = (event: OnboardingEvent): string[] => {
  switch (event.type) {
    case 'SessionRequested':
      return [event.data.studentId, event.data.instructorId];
    case 'PostCreated':
      return [event.data.authorId];
    case 'AiReplyRequested':
      return [event.data.requestedBy];
    default:
      return [event.data.memberId];
  }
};

export const evolveOnboarding = (row: OnboardingRow, event: OnboardingEvent, occurredAt: string): OnboardingRow => {
  const next = { ...row, updated_at: occurredAt };
  switch (event.type) {
    case 'MemberRegistered':
      return { ...next, has_name: filled(event.data.name, row.has_name) };
    case 'ProfileDetailsChanged': {
      const { name, bio, location } = event.data;
      return { ...next, has_name: filled(name, row.has_name), has_bio: filled(bio, row.has_bio), has_location: filled(location, row.has_location) };
    }
    case 'SkillTaughtAdded':
      return row.skill_ids.includes(event.data.skill.id) ? next : { ...next, skill_ids: [...row.skill_ids, event.data.skill.id] };
    case 'SkillTaughtRemoved':
      return { ...next, skill_ids: row.skill_ids.filter((id) => id !== event.data.skillId) };
    case 'AvailabilityAdded': {
      const key = `${event.data.entry.day} ${event.data.entry.startTime}`;
      return row.availability_keys.includes(key) ? next : { ...next, availability_keys: [...row.availability_keys, key] };
    }
    case 'AvailabilityRemoved': {
      const key = `${event.data.day} ${event.data.startTime}`;
      return { ...next, availability_keys: row.availability_keys.filter((k) => k !== key) };
    }
    case 'SessionRequested':
      // Every booking names both members; only a member's first one changes the row.
      return row.scheduled_session ? row : { ...next, scheduled_session: true };
    // A member's first post and first question to The S brain (a mention or the ask call); later ones change nothing.
    case 'PostCreated':
      return row.shared_post ? row : { ...next, shared_post: true };
    case 'AiReplyRequested':
      return row.asked_ai ? row : { ...next, asked_ai: true };
    case 'WelcomeTourSeen':
      return { ...next, has_seen_welcome_tour: true };
    default:
      // Profile events that no step depends on (picture, learn-skills, skill edits).
      return row;
  }
};
