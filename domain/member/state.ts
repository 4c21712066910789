// The member aggregate's state and its total evolve function (never throws: stored events are facts).
import type { Availability, MemberEvent, TaughtSkill } from './events.js';

export interface ActiveMember {
  status: 'active';
  memberId: string;
  email: string;
  /** False when the provider did not vouch for the e-mail at registration: it then claims no address. */
  emailVerified: boolean;
  name: string;
  bio: string;
  location: string;
  timeZone: string;
  profileImageUrl: string | null;
  registeredAt: string;
  skillsToTeach: readonly TaughtSkill[];
  skillsToLearn: readonly string[];
  availability: readonly Availability[];
}

export type MemberState = { status: 'unregistered' } | ActiveMember;

export const initialMemberState = (): MemberState => ({ status: 'unregistered' });

/** Availability entries are identified by day + start time. */
export const availabilityKey = (entry: { day: string; startTime: string }) => `${entry.day} ${entry.startTime}`;

export const evolveMember = (state: MemberState, event: MemberEvent): MemberState => {
  if (event.type === 'MemberRegistered') {
    if (state.status === 'active') return state;
    const { memberId, email, name, timeZone, registeredAt } = event.data;
    return {
      status: 'active',
      memberId,
      email,
      emailVerified: event.data.emailVerified !== false,
      name,
      bio: '',
      location: '',
      timeZone,
      profileImageUrl: null,
      registeredAt,
      skillsToTeach: [],
      skillsToLearn: [],
      availability: [],
    };
  }
  // Events before registration cannot be interpreted; keep the state rather than invent one.
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'ProfileDetailsChanged': {
      const { name, bio, location, timeZone } = event.data;
      return {
        ...state,
        ...(name !== undefined && { name }),
        ...(bio !== undefined && { bio }),
        ...(location !== undefined && { location }),
        ...(timeZone !== undefined && { timeZone }),
      };
    }
    case 'ProfilePictureChanged':
      return { ...state, profileImageUrl: event.data.imageUrl };
    case 'SkillTaughtAdded': {
      const { skill } = event.data;
      if (state.skillsToTeach.some((s) => s.id === skill.id)) return state;
      return { ...state, skillsToTeach: [...state.skillsToTeach, skill] };
    }
    case 'SkillTaughtUpdated': {
      const { skill } = event.data;
      return { ...state, skillsToTeach: state.skillsToTeach.map((s) => (s.id === skill.id ? skill : s)) };
    }
    case 'SkillTaughtRemoved':
      return { ...state, skillsToTeach: state.skillsToTeach.filter((s) => s.id !== event.data.skillId) };
    case 'SkillToLearnAdded':
      if (state.skillsToLearn.includes(event.data.name)) return state;
      return { ...state, skillsToLearn: [...state.skillsToLearn, event.data.name] };
    case 'SkillToLearnRemoved':
      return { ...state, skillsToLearn: state.skillsToLearn.filter((n) => n !== event.data.name) };
    case 'AvailabilityAdded': {
      const key = availabilityKey(event.data.entry);
      if (state.availability.some((a) => availabilityKey(a) === key)) return state;
      return { ...state, availability: [...state.availability, event.data.entry] };
    }
    case 'AvailabilityRemoved': {
      const key = availabilityKey(event.data);
      return { ...state, availability: state.availability.filter((a) => availabilityKey(a) !== key) };
    }
    default:
      // Unknown (newer) event types are ignored rather than crashing a replay.
      return state;
  }
};
