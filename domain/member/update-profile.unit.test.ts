import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../decider-spec.js';
import type { ProfilePatch, UpdateProfile } from './commands.js';
import { memberDecider } from './decide.js';
import type { MemberEvent, TaughtSkill } from './events.js';
import { evolveMember, initialMemberState } from './state.js';

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
const given = DeciderSpecification.for(memberDecider);
/** The registered member, with these events after the registration, updates the profile. */
const update = (patch: ProfilePatch, earlier: MemberEvent[] = [], options: Options = {}) => given([registered, ...earlier]).when(updateCommand(patch, options));
/** The registered member's profile refuses this update. */
const refused = (patch: ProfilePatch, options: Options = {}) => given([registered]).when(updateCommand(patch, options));

describe('UpdateProfile: details', () => {
  it('emits only the fields that changed', () => {
    update({ name: 'Ada', bio: 'Analyst', location: 'London' }).then([{ type: 'ProfileDetailsChanged', data: { memberId: 'm1', bio: 'Analyst', location: 'London' } }]);
  });

  it('emits nothing when nothing changed', () => {
    update({ name: ' Ada ', timeZone: 'Europe/London', skillsToLearn: [], availability: [], skillsToTeach: [] }).then([]);
  });

  it('changes the time zone to another valid IANA zone', () => {
    update({ timeZone: 'America/New_York' }).then([{ type: 'ProfileDetailsChanged', data: { memberId: 'm1', timeZone: 'America/New_York' } }]);
  });

  it('stores the time zone in its canonical spelling and sees an equal zone as no change', () => {
    update({ timeZone: 'europe/paris' }).then([{ type: 'ProfileDetailsChanged', data: { memberId: 'm1', timeZone: 'Europe/Paris' } }]);
    update({ timeZone: 'europe/london' }).then([]);
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
    const state = stateAfter(...update({ name: 'Ada L.', bio: 'Analyst' }).thenMatches([{ type: 'ProfileDetailsChanged' }]));
    expect(state).toMatchObject({ name: 'Ada L.', bio: 'Analyst', location: '' });
  });
});

describe('UpdateProfile: skills taught', () => {
  const input = { name: 'React', description: 'Hooks and state', experienceLevel: 'advanced', pointsPerHour: 2 };

  it('adds a new skill under a fresh id with the default category Development', () => {
    update({ skillsToTeach: [input] }).then([{ type: 'SkillTaughtAdded', data: { memberId: 'm1', skill: { ...react, id: 'n1' } } }]);
  });

  it('defaults the level to intermediate and the price to 1 point per hour', () => {
    update({ skillsToTeach: [{ name: 'SQL', description: 'Joins' }] }).thenMatches([
      { data: { skill: { experienceLevel: 'intermediate', pointsPerHour: 1, category: 'Development' } } },
    ]);
  });

  it('updates a known skill only when something about it changed', () => {
    const earlier: MemberEvent[] = [{ type: 'SkillTaughtAdded', data: { memberId: 'm1', skill: react } }];
    update({ skillsToTeach: [{ ...react }] }, earlier).then([]);
    update({ skillsToTeach: [{ ...react, pointsPerHour: 5 }] }, earlier).then([
      { type: 'SkillTaughtUpdated', data: { memberId: 'm1', skill: { ...react, pointsPerHour: 5 } } },
    ]);
  });

  it('removes the skills missing from the new list', () => {
    const earlier: MemberEvent[] = [{ type: 'SkillTaughtAdded', data: { memberId: 'm1', skill: react } }];
    const events = update({ skillsToTeach: [] }, earlier).then([{ type: 'SkillTaughtRemoved', data: { memberId: 'm1', skillId: 's1' } }]);
    expect(stateAfter(...earlier, ...events)).toMatchObject({ skillsToTeach: [] });
  });

  it('gives a fresh id to a second skill that repeats an id', () => {
    update({
      skillsToTeach: [
        { ...input, id: 'x' },
        { ...input, id: 'x', name: 'Vue' },
      ],
    }).thenMatches([
      { type: 'SkillTaughtAdded', data: { skill: { id: 'x' } } },
      { type: 'SkillTaughtAdded', data: { skill: { id: 'n1' } } },
    ]);
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
    update({ skillsToTeach: [{ ...input, pointsPerHour }] }).thenMatches([{ type: 'SkillTaughtAdded' }]);
  });

  it('refuses an unknown experience level', () => {
    refused({ skillsToTeach: [{ ...input, experienceLevel: 'guru' }] }).thenRefuses('VALIDATION', 'Experience level must be beginner, intermediate, advanced or expert');
  });
});

describe('UpdateProfile: skills to learn', () => {
  it('adds trimmed names and drops empty ones and case-insensitive duplicates', () => {
    update({ skillsToLearn: [' Rust ', '', 'rust', 'Go', 'GO'] }).then([
      { type: 'SkillToLearnAdded', data: { memberId: 'm1', name: 'Rust' } },
      { type: 'SkillToLearnAdded', data: { memberId: 'm1', name: 'Go' } },
    ]);
  });

  it('removes names no longer in the list and keeps the rest untouched', () => {
    const earlier: MemberEvent[] = [
      { type: 'SkillToLearnAdded', data: { memberId: 'm1', name: 'Rust' } },
      { type: 'SkillToLearnAdded', data: { memberId: 'm1', name: 'Go' } },
    ];
    const events = update({ skillsToLearn: ['Go', 'Elixir'] }, earlier).then([
      { type: 'SkillToLearnRemoved', data: { memberId: 'm1', name: 'Rust' } },
      { type: 'SkillToLearnAdded', data: { memberId: 'm1', name: 'Elixir' } },
    ]);
    expect(stateAfter(...earlier, ...events)).toMatchObject({ skillsToLearn: ['Go', 'Elixir'] });
  });
});

describe('UpdateProfile: availability', () => {
  const monday = { day: 'Monday', startTime: '09:00', endTime: '12:00' } as const;

  it('adds new entries', () => {
    update({ availability: [monday] }).then([{ type: 'AvailabilityAdded', data: { memberId: 'm1', entry: monday } }]);
  });

  it('ignores an entry with the same day and start time as an earlier one', () => {
    update({ availability: [monday, { ...monday, endTime: '17:00' }] }).then([{ type: 'AvailabilityAdded', data: { memberId: 'm1', entry: monday } }]);
  });

  it('refuses an end time that is not after the start time', () => {
    refused({ availability: [{ ...monday, endTime: '09:00' }] }).thenRefuses('VALIDATION', 'End time must be after start time');
  });

  it('refuses a day outside Monday to Sunday and times that are not HH:MM', () => {
    refused({ availability: [{ ...monday, day: 'Funday' }] }).thenRefuses('VALIDATION', 'Day must be Monday to Sunday');
    refused({ availability: [{ ...monday, startTime: '9:00' }] }).thenRefuses('VALIDATION');
  });

  it('replaces an entry whose end time changed by a removal and an addition', () => {
    const earlier: MemberEvent[] = [{ type: 'AvailabilityAdded', data: { memberId: 'm1', entry: monday } }];
    const longer = { ...monday, endTime: '15:00' };
    const events = update({ availability: [longer] }, earlier).then([
      { type: 'AvailabilityRemoved', data: { memberId: 'm1', day: 'Monday', startTime: '09:00' } },
      { type: 'AvailabilityAdded', data: { memberId: 'm1', entry: longer } },
    ]);
    expect(stateAfter(...earlier, ...events)).toMatchObject({ availability: [longer] });
  });

  it('emits nothing for an unchanged list', () => {
    update({ availability: [{ ...monday }] }, [{ type: 'AvailabilityAdded', data: { memberId: 'm1', entry: monday } }]).then([]);
  });
});
