// Deciding member commands. Profile updates arrive as whole values (PATCH semantics) and are turned
// into fine-grained events of what actually changed, so projections and analytics see intent.
import { DomainError, assertNever, type Decider } from '../shared.js';
import type { ChangeProfilePicture, MemberCommand, RegisterMember, SkillInput, UpdateProfile } from './commands.js';
import type { MemberEvent, ProfileDetailsChanged, TaughtSkill } from './events.js';
import { normaliseAvailability, normaliseSkillsToLearn, validBio, validLocation, validName, validSkill, validTimeZone } from './profile-rules.js';
import { evolveMember, initialMemberState, type ActiveMember, type MemberState } from './state.js';

const requireActive = (state: MemberState): ActiveMember => {
  if (state.status !== 'active') throw new DomainError('NOT_FOUND', 'User not found');
  return state;
};

const requireSelf = (memberId: string, actorId: string) => {
  if (actorId !== memberId) throw new DomainError('NOT_AUTHORISED', 'You can only edit your own profile');
};

export const registerMember = (command: RegisterMember, state: MemberState): MemberEvent[] => {
  if (state.status === 'active') throw new DomainError('CONFLICT', 'This member is already registered');
  const email = command.email.trim();
  if (email === '') throw new DomainError('VALIDATION', 'An e-mail address is required');
  return [
    {
      type: 'MemberRegistered',
      data: {
        memberId: command.memberId,
        email,
        ...(command.emailVerified === false && { emailVerified: false as const }),
        name: validName(command.name),
        timeZone: validTimeZone(command.timeZone),
        registeredAt: command.now,
      },
    },
  ];
};

const detailChanges = (command: UpdateProfile, member: ActiveMember): MemberEvent[] => {
  const { patch } = command;
  const next = {
    name: patch.name === undefined ? undefined : validName(patch.name),
    bio: patch.bio === undefined ? undefined : validBio(patch.bio),
    location: patch.location === undefined ? undefined : validLocation(patch.location),
    timeZone: patch.timeZone === undefined ? undefined : validTimeZone(patch.timeZone),
  };
  const data: ProfileDetailsChanged['data'] = { memberId: command.memberId };
  for (const field of ['name', 'bio', 'location', 'timeZone'] as const) {
    const value = next[field];
    if (value !== undefined && value !== member[field]) data[field] = value;
  }
  return Object.keys(data).length > 1 ? [{ type: 'ProfileDetailsChanged', data }] : [];
};

const sameSkill = (a: TaughtSkill, b: TaughtSkill) =>
  a.name === b.name && a.description === b.description && a.category === b.category && a.experienceLevel === b.experienceLevel && a.pointsPerHour === b.pointsPerHour;

const skillChanges = (command: UpdateProfile, member: ActiveMember, inputs: readonly SkillInput[]): MemberEvent[] => {
  const { memberId } = command;
  const current = new Map(member.skillsToTeach.map((s) => [s.id, s]));
  const freshIds = [...command.newSkillIds];
  const used = new Set<string>();
  const wanted: TaughtSkill[] = [];
  for (const input of inputs) {
    const fields = validSkill(input);
    // A client-chosen id is kept (so a retried PATCH is idempotent); a missing or repeated one gets a fresh id.
    let id = input.id;
    if (id === undefined || id === '' || used.has(id)) {
      id = freshIds.shift();
      if (id === undefined) throw new Error('UpdateProfile needs one fresh skill id per skill sent');
    }
    used.add(id);
    wanted.push({ id, ...fields });
  }
  const events: MemberEvent[] = [];
  for (const skill of member.skillsToTeach) {
    if (!used.has(skill.id)) events.push({ type: 'SkillTaughtRemoved', data: { memberId, skillId: skill.id } });
  }
  for (const skill of wanted) {
    const before = current.get(skill.id);
    if (!before) events.push({ type: 'SkillTaughtAdded', data: { memberId, skill } });
    else if (!sameSkill(before, skill)) events.push({ type: 'SkillTaughtUpdated', data: { memberId, skill } });
  }
  return events;
};

const learnChanges = (memberId: string, member: ActiveMember, names: readonly string[]): MemberEvent[] => {
  const wanted = normaliseSkillsToLearn(names);
  return [
    ...member.skillsToLearn.filter((name) => !wanted.includes(name)).map((name): MemberEvent => ({ type: 'SkillToLearnRemoved', data: { memberId, name } })),
    ...wanted.filter((name) => !member.skillsToLearn.includes(name)).map((name): MemberEvent => ({ type: 'SkillToLearnAdded', data: { memberId, name } })),
  ];
};

const availabilityChanges = (memberId: string, member: ActiveMember, entries: UpdateProfile['patch']['availability']): MemberEvent[] => {
  const wanted = normaliseAvailability(entries ?? []);
  const identical = (a: { day: string; startTime: string; endTime: string }) => (b: typeof a) =>
    a.day === b.day && a.startTime === b.startTime && a.endTime === b.endTime;
  // There is no "updated" event: a changed end time is a removal and an addition of the same key.
  const removed = member.availability.filter((a) => !wanted.some(identical(a)));
  const added = wanted.filter((a) => !member.availability.some(identical(a)));
  return [
    ...removed.map((a): MemberEvent => ({ type: 'AvailabilityRemoved', data: { memberId, day: a.day, startTime: a.startTime } })),
    ...added.map((entry): MemberEvent => ({ type: 'AvailabilityAdded', data: { memberId, entry } })),
  ];
};

export const updateProfile = (command: UpdateProfile, state: MemberState): MemberEvent[] => {
  const member = requireActive(state);
  requireSelf(command.memberId, command.actorId);
  const { patch } = command;
  return [
    ...detailChanges(command, member),
    ...(patch.skillsToTeach === undefined ? [] : skillChanges(command, member, patch.skillsToTeach)),
    ...(patch.skillsToLearn === undefined ? [] : learnChanges(command.memberId, member, patch.skillsToLearn)),
    ...(patch.availability === undefined ? [] : availabilityChanges(command.memberId, member, patch.availability)),
  ];
};

export const changeProfilePicture = (command: ChangeProfilePicture, state: MemberState): MemberEvent[] => {
  const member = requireActive(state);
  requireSelf(command.memberId, command.actorId);
  const imageUrl = command.imageUrl.trim();
  if (imageUrl === '') throw new DomainError('VALIDATION', 'Please select an image file');
  if (imageUrl === member.profileImageUrl) return [];
  const avatarUrl = command.avatarUrl?.trim() || undefined;
  return [{ type: 'ProfilePictureChanged', data: { memberId: command.memberId, imageUrl, ...(avatarUrl && { avatarUrl }) } }];
};

export const decideMember = (command: MemberCommand, state: MemberState): MemberEvent[] => {
  switch (command.type) {
    case 'RegisterMember':
      return registerMember(command, state);
    case 'UpdateProfile':
      return updateProfile(command, state);
    case 'ChangeProfilePicture':
      return changeProfilePicture(command, state);
    default:
      return assertNever(command);
  }
};

export const memberDecider: Decider<MemberState, MemberCommand, MemberEvent> = {
  initialState: initialMemberState,
  evolve: evolveMember,
  decide: decideMember,
};
