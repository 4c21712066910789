// How member events change a member's row. Pure, so the projector can evolve all rows a batch touches
// in memory and write each back once.
import type { MemberEvent } from '../../domain/member/events.js';
import type { MemberRow } from './tables.js';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export class UnknownMemberError extends Error {
  constructor(memberId: string, eventType: string) {
    super(`${eventType} for member ${memberId}, who has no MemberRegistered event before it`);
    this.name = 'UnknownMemberError';
  }
}

/** Returns the row after the event; `row` is null until the member is registered. */
export const evolveMember = (row: MemberRow | null, event: MemberEvent, occurredAt: string): MemberRow => {
  if (event.type === 'MemberRegistered') {
    const d = event.data;
    // A repeated registration (never produced by the decider) must not wipe the profile.
    if (row) return row;
    return {
      id: d.memberId,
      email: d.email,
      email_normalized: normalizeEmail(d.email),
      name: d.name,
      bio: '',
      location: '',
      time_zone: d.timeZone,
      profile_image_url: null,
      avatar_url: null,
      skills_to_teach: [],
      skills_to_learn: [],
      availability: [],
      joined_at: d.registeredAt,
      updated_at: occurredAt,
    };
  }
  // Throwing here stops the projector with the event recorded, instead of silently losing a change.
  if (!row) throw new UnknownMemberError(event.data.memberId, event.type);
  const next: MemberRow = { ...row, updated_at: occurredAt };
  switch (event.type) {
    case 'ProfileDetailsChanged': {
      const { name, bio, location, timeZone } = event.data;
      if (name !== undefined) next.name = name;
      if (bio !== undefined) next.bio = bio;
      if (location !== undefined) next.location = location;
      if (timeZone !== undefined) next.time_zone = timeZone;
      return next;
    }
    case 'ProfilePictureChanged':
      next.profile_image_url = event.data.imageUrl;
      next.avatar_url = event.data.avatarUrl ?? event.data.imageUrl;
      return next;
    case 'SkillTaughtAdded':
    case 'SkillTaughtUpdated': {
      const { skill } = event.data;
      const index = row.skills_to_teach.findIndex((s) => s.id === skill.id);
      next.skills_to_teach = index === -1 ? [...row.skills_to_teach, skill] : row.skills_to_teach.map((s, i) => (i === index ? skill : s));
      return next;
    }
    case 'SkillTaughtRemoved':
      next.skills_to_teach = row.skills_to_teach.filter((s) => s.id !== event.data.skillId);
      return next;
    case 'SkillToLearnAdded':
      if (!row.skills_to_learn.includes(event.data.name)) next.skills_to_learn = [...row.skills_to_learn, event.data.name];
      return next;
    case 'SkillToLearnRemoved':
      next.skills_to_learn = row.skills_to_learn.filter((name) => name !== event.data.name);
      return next;
    case 'AvailabilityAdded': {
      const { entry } = event.data;
      const exists = row.availability.some((a) => a.day === entry.day && a.startTime === entry.startTime);
      if (!exists) next.availability = [...row.availability, entry];
      return next;
    }
    case 'AvailabilityRemoved': {
      const { day, startTime } = event.data;
      next.availability = row.availability.filter((a) => !(a.day === day && a.startTime === startTime));
      return next;
    }
  }
};
