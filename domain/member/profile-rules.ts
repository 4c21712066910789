// Profile validation and normalisation (spec 001 §2.1, §5). Each function returns the value as it
// will be stored or throws a VALIDATION DomainError carrying the text the member sees.
import { DomainError } from '../shared.js';
import type { Availability, ExperienceLevel, WeekDay } from './events.js';
import type { AvailabilityInput, SkillInput } from './commands.js';

export const EXPERIENCE_LEVELS: readonly ExperienceLevel[] = ['beginner', 'intermediate', 'advanced', 'expert'];
export const WEEK_DAYS: readonly WeekDay[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
export const DEFAULT_SKILL_CATEGORY = 'Development';
export const DEFAULT_EXPERIENCE_LEVEL: ExperienceLevel = 'intermediate';
export const MIN_POINTS_PER_HOUR = 1;
export const MAX_POINTS_PER_HOUR = 20;

const invalid = (message: string): never => {
  throw new DomainError('VALIDATION', message);
};

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

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
export const validTimeZone = (zone: string): string => canonicalTimeZone(zone) ?? invalid('Please choose a valid time zone');

export const validName = (name: string): string => {
  const trimmed = name.trim();
  if (trimmed === '') invalid('Please enter your name');
  if (trimmed.length > 100) invalid('Names are at most 100 characters');
  return trimmed;
};

export const validBio = (bio: string): string => (bio.length > 2000 ? invalid('Bios are at most 2000 characters') : bio);

export const validLocation = (location: string): string => {
  const trimmed = location.trim();
  return trimmed.length > 200 ? invalid('Locations are at most 200 characters') : trimmed;
};

/** A skill without its id: the decider decides which id it gets. */
export const validSkill = (input: SkillInput) => {
  const name = (input.name ?? '').trim();
  if (name === '') invalid('Please enter a skill name');
  if (name.length > 100) invalid('Skill names are at most 100 characters');
  const description = (input.description ?? '').trim();
  if (description === '') invalid('Please enter a description for this skill');
  if (description.length > 1000) invalid('Skill descriptions are at most 1000 characters');
  const category = (input.category ?? '').trim() || DEFAULT_SKILL_CATEGORY;
  if (category.length > 50) invalid('Skill categories are at most 50 characters');
  const level = input.experienceLevel ?? DEFAULT_EXPERIENCE_LEVEL;
  if (!(EXPERIENCE_LEVELS as readonly string[]).includes(level)) {
    invalid('Experience level must be beginner, intermediate, advanced or expert');
  }
  const pointsPerHour = input.pointsPerHour ?? MIN_POINTS_PER_HOUR;
  if (!Number.isInteger(pointsPerHour) || pointsPerHour < MIN_POINTS_PER_HOUR || pointsPerHour > MAX_POINTS_PER_HOUR) {
    invalid('Points per hour must be a whole number from 1 to 20');
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
    if (name.length > 100) invalid('Skills to learn are at most 100 characters');
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
    if (!(WEEK_DAYS as readonly string[]).includes(entry.day)) invalid('Day must be Monday to Sunday');
    if (!HHMM.test(entry.startTime) || !HHMM.test(entry.endTime)) invalid('Times must be HH:MM (24-hour)');
    if (minutes(entry.endTime) <= minutes(entry.startTime)) invalid('End time must be after start time');
    const key = `${entry.day} ${entry.startTime}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ day: entry.day as WeekDay, startTime: entry.startTime, endTime: entry.endTime });
  }
  return result;
};
