// Profile validation and normalisation (spec 001 §2.1, §5). Each function returns the value as it
// will be stored or throws a VALIDATION DomainError carrying the text the member sees.
import { DomainError } from '../shared.js';
import { DIRECTION_CONTROLS } from '../text-direction.js';
import type { Availability, ExperienceLevel, WeekDay } from './events.js';
import type { AvailabilityInput, SkillInput } from './commands.js';

export const EXPERIENCE_LEVELS: readonly ExperienceLevel[] = ['beginner', 'intermediate', 'advanced', 'expert'];
export const WEEK_DAYS: readonly WeekDay[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
export const DEFAULT_SKILL_CATEGORY = 'Development';
export const DEFAULT_EXPERIENCE_LEVEL: ExperienceLevel = 'intermediate';
export const MIN_POINTS_PER_HOUR = 1;
export const MAX_POINTS_PER_HOUR = 20;
export const NAME_MAX = 100;
export const BIO_MAX = 2000;
export const LOCATION_MAX = 200;
export const SKILL_NAME_MAX = 100;
export const SKILL_DESCRIPTION_MAX = 1000;
export const SKILL_CATEGORY_MAX = 50;
export const SKILL_TO_LEARN_MAX = 100;

/** The texts a member sees when the profile is refused; api/contracts' schemas and the web client use them too. */
export const profileTexts = {
  timeZoneInvalid: 'Please choose a valid time zone',
  nameEmpty: 'Please enter your name',
  nameTooLong: `Names are at most ${NAME_MAX} characters`,
  nameDirectionControls: 'Names must not contain text-direction control characters',
  bioTooLong: `Bios are at most ${BIO_MAX} characters`,
  locationTooLong: `Locations are at most ${LOCATION_MAX} characters`,
  skillNameEmpty: 'Please enter a skill name',
  skillNameTooLong: `Skill names are at most ${SKILL_NAME_MAX} characters`,
  skillDescriptionEmpty: 'Please enter a description for this skill',
  skillDescriptionTooLong: `Skill descriptions are at most ${SKILL_DESCRIPTION_MAX} characters`,
  skillCategoryTooLong: `Skill categories are at most ${SKILL_CATEGORY_MAX} characters`,
  experienceLevelInvalid: 'Experience level must be beginner, intermediate, advanced or expert',
  pointsPerHourInvalid: `Points per hour must be a whole number from ${MIN_POINTS_PER_HOUR} to ${MAX_POINTS_PER_HOUR}`,
  skillToLearnTooLong: `Skills to learn are at most ${SKILL_TO_LEARN_MAX} characters`,
  dayInvalid: 'Day must be Monday to Sunday',
  timeInvalid: 'Times must be HH:MM (24-hour)',
  endBeforeStart: 'End time must be after start time',
} as const;

const invalid = (message: string): never => {
  throw new DomainError('VALIDATION', message);
};

export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Intl knows the IANA database; an unknown zone makes the constructor throw a RangeError. */
const canonicalTimeZone = (zone: string): string | null => {
  if (zone.trim() === '') return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
};

export const isValidTimeZone = (zone: string): boolean => canonicalTimeZone(zone) !== null;

/** Stored in Intl's canonical spelling ('europe/london' -> 'Europe/London'), so equal zones compare equal. */
export const validTimeZone = (zone: string): string => canonicalTimeZone(zone) ?? invalid(profileTexts.timeZoneInvalid);

export const validName = (name: string): string => {
  const trimmed = name.trim();
  if (trimmed === '') invalid(profileTexts.nameEmpty);
  if (trimmed.length > NAME_MAX) invalid(profileTexts.nameTooLong);
  // Decision 187: a direction control could make the name read as other text.
  if (DIRECTION_CONTROLS.test(trimmed)) invalid(profileTexts.nameDirectionControls);
  return trimmed;
};

export const validBio = (bio: string): string => (bio.length > BIO_MAX ? invalid(profileTexts.bioTooLong) : bio);

export const validLocation = (location: string): string => {
  const trimmed = location.trim();
  return trimmed.length > LOCATION_MAX ? invalid(profileTexts.locationTooLong) : trimmed;
};

/** A skill without its id: the decider decides which id it gets. */
export const validSkill = (input: SkillInput) => {
  const name = (input.name ?? '').trim();
  if (name === '') invalid(profileTexts.skillNameEmpty);
  if (name.length > SKILL_NAME_MAX) invalid(profileTexts.skillNameTooLong);
  const description = (input.description ?? '').trim();
  if (description === '') invalid(profileTexts.skillDescriptionEmpty);
  if (description.length > SKILL_DESCRIPTION_MAX) invalid(profileTexts.skillDescriptionTooLong);
  const category = (input.category ?? '').trim() || DEFAULT_SKILL_CATEGORY;
  if (category.length > SKILL_CATEGORY_MAX) invalid(profileTexts.skillCategoryTooLong);
  const level = input.experienceLevel ?? DEFAULT_EXPERIENCE_LEVEL;
  if (!(EXPERIENCE_LEVELS as readonly string[]).includes(level)) {
    invalid(profileTexts.experienceLevelInvalid);
  }
  const pointsPerHour = input.pointsPerHour ?? MIN_POINTS_PER_HOUR;
  if (!Number.isInteger(pointsPerHour) || pointsPerHour < MIN_POINTS_PER_HOUR || pointsPerHour > MAX_POINTS_PER_HOUR) {
    invalid(profileTexts.pointsPerHourInvalid);
  }
  return { name, description, category, experienceLevel: level as ExperienceLevel, pointsPerHour };
};

/** Trimmed, non-empty, first spelling wins among case-insensitive duplicates (dropped, not refused). */
export const normaliseSkillsToLearn = (names: readonly string[]): string[] => {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    if (name === '') continue;
    if (name.length > SKILL_TO_LEARN_MAX) invalid(profileTexts.skillToLearnTooLong);
    const key = name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(name);
  }
  return result;
};

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Validates every entry; a later entry with the same day and start time as an earlier one is ignored. */
export const normaliseAvailability = (entries: readonly AvailabilityInput[]): Availability[] => {
  const seen = new Set<string>();
  const result: Availability[] = [];
  for (const entry of entries) {
    if (!(WEEK_DAYS as readonly string[]).includes(entry.day)) invalid(profileTexts.dayInvalid);
    if (!HHMM.test(entry.startTime) || !HHMM.test(entry.endTime)) invalid(profileTexts.timeInvalid);
    if (minutes(entry.endTime) <= minutes(entry.startTime)) invalid(profileTexts.endBeforeStart);
    const key = `${entry.day} ${entry.startTime}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ day: entry.day as WeekDay, startTime: entry.startTime, endTime: entry.endTime });
  }
  return result;
};
