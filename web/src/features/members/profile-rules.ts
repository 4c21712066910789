// Pure rules of the profile page (document 001 §2.1, §5), kept apart from the components so they
// can be tested without a browser.
// Week days, levels, categories, limits and texts come from @contracts/members, whose schemas the
// profile's forms validate with.
import { normaliseAvailability, normaliseSkillsToLearn, weekDays } from '@contracts/members';
import type { AvailabilityEntry, SkillTaught, SkillTaughtInput, UpdateProfile, User } from '@contracts/members';

/** Each availability entry counts as 8 hours in the schedule summary. */
export const weeklyHours = (availability: readonly AvailabilityEntry[]): number => availability.length * 8;

export const activityLevel = (availability: readonly AvailabilityEntry[]): 'very active' | 'moderate' | 'light' =>
  availability.length > 5 ? 'very active' : availability.length > 2 ? 'moderate' : 'light';

/** A learn-skill is added only if non-empty and not already listed (case-insensitive), as the server stores it. */
export const addLearnSkill = (skills: readonly string[], input: string): string[] => normaliseSkillsToLearn([...skills, input]);

/** A new entry with the same day and start time as an existing one is ignored, as the server does. */
export const addAvailability = (entries: readonly AvailabilityEntry[], entry: AvailabilityEntry): AvailabilityEntry[] => normaliseAvailability([...entries, entry]);

export const sortAvailability = (entries: readonly AvailabilityEntry[]): AvailabilityEntry[] =>
  [...entries].sort((a, b) => weekDays.indexOf(a.day) - weekDays.indexOf(b.day) || a.startTime.localeCompare(b.startTime));

/** The add-skill form's values, as its schema hands them over (trimmed, defaults filled in). */
export type SkillDraft = Required<Omit<SkillTaughtInput, 'id'>>;

export type ProfileDraft = Pick<User, 'name' | 'location' | 'bio' | 'timeZone' | 'skillsToLearn' | 'availability'>;

export const draftFrom = (user: User): ProfileDraft => ({
  name: user.name,
  location: user.location,
  bio: user.bio,
  timeZone: user.timeZone,
  skillsToLearn: [...user.skillsToLearn],
  availability: [...user.availability],
});

/** Only the fields that differ from the saved profile go into the PATCH. */
export const changedFields = (saved: ProfileDraft, draft: ProfileDraft): UpdateProfile => {
  const changes: UpdateProfile = {};
  if (draft.name.trim() !== saved.name) changes.name = draft.name.trim();
  if (draft.location.trim() !== saved.location) changes.location = draft.location.trim();
  if (draft.bio !== saved.bio) changes.bio = draft.bio;
  if (draft.timeZone !== saved.timeZone) changes.timeZone = draft.timeZone;
  if (JSON.stringify(draft.skillsToLearn) !== JSON.stringify(saved.skillsToLearn)) changes.skillsToLearn = draft.skillsToLearn;
  if (JSON.stringify(draft.availability) !== JSON.stringify(saved.availability)) changes.availability = draft.availability;
  return changes;
};

/** Existing skills are sent back with their ids so the server keeps them; a new one has none yet. */
export const skillsWith = (skills: readonly SkillTaught[], draft: SkillDraft): SkillTaughtInput[] => [
  ...skills,
  {
    name: draft.name.trim(),
    description: draft.description.trim(),
    category: draft.category,
    experienceLevel: draft.experienceLevel,
    pointsPerHour: draft.pointsPerHour,
  },
];

/** Another member's sections, in document 001's words (§1, §2.1): 'Skills I teach' would speak for the viewer. */
export const memberSectionTitles = { taught: 'Skills taught', toLearn: 'Skills to learn' } as const;
