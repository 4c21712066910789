// Pure rules of the profile page (document 001 §2.1, §5), kept apart from the components so they
// can be tested without a browser.
import type { AvailabilityEntry, SkillTaught, UpdateProfile, User } from '@contracts/members';

export const weekDays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const satisfies readonly AvailabilityEntry['day'][];
export const experienceLevels = ['beginner', 'intermediate', 'advanced', 'expert'] as const satisfies readonly SkillTaught['experienceLevel'][];
// The server accepts any category text; these are the ones the product offers.
export const skillCategories = ['Development', 'Design', 'Business', 'Marketing', 'Digital Marketing', 'Data', 'Other'] as const;

export const minPointsPerHour = 1;
export const maxPointsPerHour = 20;

/** Each availability entry counts as 8 hours in the schedule summary. */
export const weeklyHours = (availability: readonly AvailabilityEntry[]): number => availability.length * 8;

export const activityLevel = (availability: readonly AvailabilityEntry[]): 'very active' | 'moderate' | 'light' =>
  availability.length > 5 ? 'very active' : availability.length > 2 ? 'moderate' : 'light';

/** A learn-skill is added only if non-empty and not already listed (case-insensitive). */
export const addLearnSkill = (skills: readonly string[], input: string): string[] => {
  const skill = input.trim();
  if (!skill || skills.some((s) => s.toLowerCase() === skill.toLowerCase())) return [...skills];
  return [...skills, skill];
};

/** A new entry with the same day and start time as an existing one is ignored. */
export const addAvailability = (entries: readonly AvailabilityEntry[], entry: AvailabilityEntry): AvailabilityEntry[] =>
  entries.some((e) => e.day === entry.day && e.startTime === entry.startTime) ? [...entries] : [...entries, entry];

export const sortAvailability = (entries: readonly AvailabilityEntry[]): AvailabilityEntry[] =>
  [...entries].sort((a, b) => weekDays.indexOf(a.day) - weekDays.indexOf(b.day) || a.startTime.localeCompare(b.startTime));

export interface SkillDraft {
  name: string;
  description: string;
  category: string;
  experienceLevel: SkillTaught['experienceLevel'];
  pointsPerHour: number;
}

export const emptySkillDraft = (): SkillDraft => ({ name: '', description: '', category: 'Development', experienceLevel: 'intermediate', pointsPerHour: 1 });

export type SkillDraftErrors = Partial<Record<'name' | 'description' | 'pointsPerHour', string>>;

export const validateSkillDraft = (draft: SkillDraft): SkillDraftErrors => {
  const errors: SkillDraftErrors = {};
  if (!draft.name.trim()) errors.name = 'Please enter a skill name';
  if (!draft.description.trim()) errors.description = 'Please enter a description for this skill';
  if (!Number.isInteger(draft.pointsPerHour) || draft.pointsPerHour < minPointsPerHour || draft.pointsPerHour > maxPointsPerHour) {
    errors.pointsPerHour = `Points per hour must be a whole number from ${minPointsPerHour} to ${maxPointsPerHour}`;
  }
  return errors;
};

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
export const skillsWith = (skills: readonly SkillTaught[], draft: SkillDraft) => [
  ...skills,
  { name: draft.name.trim(), description: draft.description.trim(), category: draft.category, experienceLevel: draft.experienceLevel, pointsPerHour: draft.pointsPerHour },
];
