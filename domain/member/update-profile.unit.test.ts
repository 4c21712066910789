import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../decider-spec.js';
import type { ProfilePatch, UpdateProfile } from './commands.js';
import { decideMember, memberDecider } from './decide.js';
import type { MemberEvent, TaughtSkill } from './events.js';
import { evolveMember, initialMemberState, type MemberState } from './state.js';

const NOW = '2026-11-22T09:00:00.000Z';
const registered: MemberEvent = {
  type: 'MemberRegistered',
  data: { memberId: 'm1', email: 'ada@example.com', name: 'Ada', timeZone: 'Europe/London', registeredAt: NOW },
};
const react: TaughtSkill = {
  id: 's1',
  name: 'React',
  description: 'Hooks and state',
  category: 'Development',
  experienceLevel: 'advanced',
  pointsPerHour: 2,
};
const stateAfter = (...events: MemberEvent[]) => [registered, ...events].reduce(evolveMember, initialMemberState());
type Options = { actorId?: string; newSkillIds?: string[] };
const updateCommand = (patch: ProfilePatch, options: Options = {}): UpdateProfile => ({
  type: 'UpdateProfile',
  memberId: 'm1',
  actorId: options.actorId ?? 'm1',
  patch,
  newSkillIds: options.newSkillIds ?? ['n1', 'n2', 'n3'],
  now: NOW,
});
const update = (patch: ProfilePatch, state: MemberState = stateAfter(), options: Options = {}) => decideMember(updateCommand(patch, options), state);
const given = DeciderSpecification.for(memberDecider);
/** The registered member's profile refuses this update. */
const refused = (patch: ProfilePatch, options: Options = {}) => given([registered]).when(updateCommand(patch, options));

describe('UpdateProfile: details', () => {
  it('emits only the fields that changed', () => {
    expect(update({ name: 'Ada', bio: 'Analyst', location: 'London' })).toEqual([
      { type: 'ProfileDetailsChanged', data: { memberId: 'm1', bio: 'Analyst', location: 'London' } },
    ]);
  });

  it('emits nothing when nothing changed', () => {
    expect(update({ name: ' Ada ', timeZone: 'Europe/London', skillsToLearn: [], availability: [], skillsToTeach: [] })).toEqual([]);
  });

  it('changes the time zone to another valid IANA zone', () => {
    expect(update({ timeZone: 'America/New_York' })).toEqual([{ type: 'ProfileDetailsChanged', data: { memberId: 'm1', timeZone: 'America/New_York' } }]);
  });

  it('stores the time zone in its canonical spelling and sees an equal zone as no change', () => {
    expect(update({ timeZone: 'europe/paris' })).toEqual([{ type: 'ProfileDetailsChanged', data: { memberId: 'm1', timeZone: 'Europe/Paris' } }]);
    expect(update({ timeZone: 'europe/london' })).toEqual([]);
  });

  it('refuses an unknown time zone', () => {
    refused({ timeZone: 'Europe/Atlantis' }).thenRefuses('VALIDATION', 'Please choose a valid time zone');
  });

  it('refuses an empty name', () => {
    refused({ name: '  ' }).thenRefuses('VALIDATION', 'Please enter your name');
  });

  it("refuses to edit someone else's profile", () => {
    refused({ bio: 'hacked' }, { actorId: 'm2' }).thenRefuses('NOT_AUTHORISED', 'You can only edit your own profile');
  });

  it('refuses a member who is not registered', () => {
    given([])
      .when(updateCommand({ bio: 'x' }))
      .thenRefuses('NOT_FOUND');
  });

  it('folds the changes into the profile', () => {
    const state = stateAfter(...update({ name: 'Ada L.', bio: 'Analyst' }));
    expect(state).toMatchObject({ name: 'Ada L.', bio: 'Analyst', location: '' });
  });
});

describe('UpdateProfile: skills taught', () => {
  const input = { name: 'React', description: 'Hooks and state', experienceLevel: 'advanced', pointsPerHour: 2 };

  it('adds a new skill under a fresh id with the default category Development', () => {
    expect(update({ skillsToTeach: [input] })).toEqual([{ type: 'SkillTaughtAdded', data: { memberId: 'm1', skill: { ...react, id: 'n1' } } }]);
  });

  it('defaults the level to intermediate and the price to 1 point per hour', () => {
    const [event] = update({ skillsToTeach: [{ name: 'SQL', description: 'Joins' }] });
    expect(event).toMatchObject({ data: { skill: { experienceLevel: 'intermediate', pointsPerHour: 1, category: 'Development' } } });
  });

  it('updates a known skill only when something about it changed', () => {
    const state = stateAfter({ type: 'SkillTaughtAdded', data: { memberId: 'm1', skill: react } });
    expect(update({ skillsToTeach: [{ ...react }] }, state)).toEqual([]);
    expect(update({ skillsToTeach: [{ ...react, pointsPerHour: 5 }] }, state)).toEqual([
      { type: 'SkillTaughtUpdated', data: { memberId: 'm1', skill: { ...react, pointsPerHour: 5 } } },
    ]);
  });

  it('removes the skills missing from the new list', () => {
    const state = stateAfter({ type: 'SkillTaughtAdded', data: { memberId: 'm1', skill: react } });
    const events = update({ skillsToTeach: [] }, state);
    expect(events).toEqual([{ type: 'SkillTaughtRemoved', data: { memberId: 'm1', skillId: 's1' } }]);
    expect(events.reduce(evolveMember, state)).toMatchObject({ skillsToTeach: [] });
  });

  it('gives a fresh id to a second skill that repeats an id', () => {
    const events = update({
      skillsToTeach: [
        { ...input, id: 'x' },
        { ...input, id: 'x', name: 'Vue' },
      ],
    });
    expect(events.map((e) => (e.type === 'SkillTaughtAdded' ? e.data.skill.id : e.type))).toEqual(['x', 'n1']);
  });

  it('requires a skill name', () => {
    refused({ skillsToTeach: [{ ...input, name: ' ' }] }).thenRefuses('VALIDATION', 'Please enter a skill name');
  });

  it('requires a description', () => {
    refused({ skillsToTeach: [{ ...input, description: '' }] }).thenRefuses('VALIDATION', 'Please enter a description for this skill');
  });

  it.each([0, 21, 1.5, Number.NaN])('refuses %s points per hour', (pointsPerHour) => {
    refused({ skillsToTeach: [{ ...input, pointsPerHour }] }).thenRefuses('VALIDATION', 'Points per hour must be a whole number from 1 to 20');
  });

  it.each([1, 20])('accepts %s points per hour', (pointsPerHour) => {
    expect(update({ skillsToTeach: [{ ...input, pointsPerHour }] })).toHaveLength(1);
  });

  it('refuses an unknown experience level', () => {
    refused({ skillsToTeach: [{ ...input, experienceLevel: 'guru' }] }).thenRefuses('VALIDATION', 'Experience level must be beginner, intermediate, advanced or expert');
  });
});

describe('UpdateProfile: skills to learn', () => {
  it('adds trimmed names and drops empty ones and case-insensitive duplicates', () => {
    expect(update({ skillsToLearn: [' Rust ', '', 'rust', 'Go', 'GO'] })).toEqual([
      { type: 'SkillToLearnAdded', data: { memberId: 'm1', name: 'Rust' } },
      { type: 'SkillToLearnAdded', data: { memberId: 'm1', name: 'Go' } },
    ]);
  });

  it('removes names no longer in the list and keeps the rest untouched', () => {
    const state = stateAfter({ type: 'SkillToLearnAdded', data: { memberId: 'm1', name: 'Rust' } }, { type: 'SkillToLearnAdded', data: { memberId: 'm1', name: 'Go' } });
    const events = update({ skillsToLearn: ['Go', 'Elixir'] }, state);
    expect(events).toEqual([
      { type: 'SkillToLearnRemoved', data: { memberId: 'm1', name: 'Rust' } },
      { type: 'SkillToLearnAdded', data: { memberId: 'm1', name: 'Elixir' } },
    ]);
    expect(events.reduce(evolveMember, state)).toMatchObject({ skillsToLearn: ['Go', 'Elixir'] });
  });
});

describe('UpdateProfile: availability', () => {
  const monday = { day: 'Monday', startTime: '09:00', endTime: '12:00' } as const;

  it('adds new entries', () => {
    expect(update({ availability: [monday] })).toEqual([{ type: 'AvailabilityAdded', data: { memberId: 'm1', entry: monday } }]);
  });

  it('ignores an entry with the same day and start time as an earlier one', () => {
    expect(update({ availability: [monday, { ...monday, endTime: '17:00' }] })).toEqual([{ type: 'AvailabilityAdded', data: { memberId: 'm1', entry: monday } }]);
  });

  it('refuses an end time that is not after the start time', () => {
    refused({ availability: [{ ...monday, endTime: '09:00' }] }).thenRefuses('VALIDATION', 'End time must be after start time');
  });

  it('refuses a day outside Monday to Sunday and times that are not HH:MM', () => {
    refused({ availability: [{ ...monday, day: 'Funday' }] }).thenRefuses('VALIDATION', 'Day must be Monday to Sunday');
    refused({ availability: [{ ...monday, startTime: '9:00' }] }).thenRefuses('VALIDATION');
  });

  it('replaces an entry whose end time changed by a removal and an addition', () => {
    const state = stateAfter({ type: 'AvailabilityAdded', data: { memberId: 'm1', entry: monday } });
    const longer = { ...monday, endTime: '15:00' };
    const events = update({ availability: [longer] }, state);
    expect(events).toEqual([
      { type: 'AvailabilityRemoved', data: { memberId: 'm1', day: 'Monday', startTime: '09:00' } },
      { type: 'AvailabilityAdded', data: { memberId: 'm1', entry: longer } },
    ]);
    expect(events.reduce(evolveMember, state)).toMatchObject({ availability: [longer] });
  });

  it('emits nothing for an unchanged list', () => {
    const state = stateAfter({ type: 'AvailabilityAdded', data: { memberId: 'm1', entry: monday } });
    expect(update({ availability: [{ ...monday }] }, state)).toEqual([]);
  });
});
