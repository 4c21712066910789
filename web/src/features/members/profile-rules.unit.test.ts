import { describe, expect, it } from 'vitest';
import type { User } from '@contracts/members';
import { availabilityEntryFormSchema, skillTaughtInputSchema } from '@contracts/members';
import { activityLevel, addAvailability, addLearnSkill, changedFields, draftFrom, weeklyHours } from './profile-rules';

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

const slot = (day: User['availability'][number]['day'], startTime = '09:00') => ({ day, startTime, endTime: '17:00' });

const user: User = {
  id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  avatar: null,
  profileImageUrl: null,
  bio: '',
  location: 'London',
  timeZone: 'Europe/London',
  rating: 0,
  reviewCount: 0,
  completedSwaps: 0,
  joinedDate: '2026-01-01T00:00:00Z',
  points: 3,
  heldPoints: 0,
  streak: 0,
  skillsToTeach: [],
  skillsToLearn: ['Go'],
  availability: [slot('Monday')],
};

describe('schedule summary', () => {
  it('counts 8 hours per availability entry', () => {
    expect(weeklyHours([slot('Monday'), slot('Tuesday')])).toBe(16);
  });

  it('calls more than 5 entries very active, more than 2 moderate, otherwise light', () => {
    const entries = (n: number) => Array.from({ length: n }, (_, i) => slot('Monday', `0${i}:00`));
    expect(activityLevel(entries(6))).toBe('very active');
    expect(activityLevel(entries(5))).toBe('moderate');
    expect(activityLevel(entries(3))).toBe('moderate');
    expect(activityLevel(entries(2))).toBe('light');
  });
});

describe('skills to learn', () => {
  it('adds a trimmed skill', () => {
    expect(addLearnSkill(['Go'], '  Rust ')).toEqual(['Go', 'Rust']);
  });

  it('ignores empty input and duplicates in any letter case', () => {
    expect(addLearnSkill(['Go'], '   ')).toEqual(['Go']);
    expect(addLearnSkill(['Go'], 'go')).toEqual(['Go']);
  });
});

describe('availability', () => {
  it('ignores an entry with the same day and start time', () => {
    const entries = [slot('Monday')];
    expect(addAvailability(entries, { day: 'Monday', startTime: '09:00', endTime: '12:00' })).toEqual(entries);
    expect(addAvailability(entries, slot('Monday', '13:00'))).toHaveLength(2);
  });
});

describe('add-skill validation', () => {
  const empty = { name: '', description: '', category: 'Development', experienceLevel: 'intermediate', pointsPerHour: 1 };
  it("uses the spec's texts for a missing name and description", () => {
    expect(errorsOf(skillTaughtInputSchema.safeParse(empty))).toEqual({ name: 'Please enter a skill name', description: 'Please enter a description for this skill' });
  });

  it('accepts 1 to 20 whole points per hour only', () => {
    const draft = { ...empty, name: 'SQL', description: 'Joins' };
    expect(skillTaughtInputSchema.safeParse({ ...draft, pointsPerHour: 20 }).success).toBe(true);
    for (const pointsPerHour of [21, 0, 1.5, Number.NaN]) {
      expect(errorsOf(skillTaughtInputSchema.safeParse({ ...draft, pointsPerHour })).pointsPerHour).toBe('Points per hour must be a whole number from 1 to 20');
    }
  });
});

describe('adding availability', () => {
  it('needs the end after the start', () => {
    expect(errorsOf(availabilityEntryFormSchema.safeParse({ day: 'Monday', startTime: '17:00', endTime: '09:00' }))).toEqual({
      endTime: 'End time must be after start time',
    });
    expect(availabilityEntryFormSchema.safeParse({ day: 'Monday', startTime: '09:00', endTime: '17:00' }).success).toBe(true);
  });
});

describe('profile save', () => {
  it('sends only the fields that changed', () => {
    const saved = draftFrom(user);
    expect(changedFields(saved, { ...saved })).toEqual({});
    expect(changedFields(saved, { ...saved, location: ' Paris ', skillsToLearn: ['Go', 'Rust'] })).toEqual({ location: 'Paris', skillsToLearn: ['Go', 'Rust'] });
  });
});
