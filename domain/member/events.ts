// Events of the member stream `member-{memberId}` (profile, skills, availability, onboarding).
import type { Event } from '../shared.js';

export type ExperienceLevel = 'beginner' | 'intermediate' | 'advanced' | 'expert';
export type WeekDay = 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday';

export interface TaughtSkill {
  id: string;
  name: string;
  description: string;
  category: string;
  experienceLevel: ExperienceLevel;
  pointsPerHour: number; // integer 1..20
}

export interface Availability {
  day: WeekDay;
  startTime: string; // HH:MM in the member's time zone
  endTime: string; // HH:MM, after startTime
}

/** `emailVerified: false` when the sign-in provider did not vouch for the e-mail; absent means verified (all earlier events). */
export type MemberRegistered = Event<
  'MemberRegistered',
  { memberId: string; email: string; emailVerified?: false; name: string; timeZone: string; registeredAt: string }
>;
/** Only the fields that changed are present. */
export type ProfileDetailsChanged = Event<'ProfileDetailsChanged', { memberId: string; name?: string; bio?: string; location?: string; timeZone?: string }>;
/**
 * `imageUrl` is the profile picture (256 px), `avatarUrl` the same picture at 128 px for avatars
 * (decision 169); events before the server made sizes have no avatarUrl, and show imageUrl everywhere.
 */
export type ProfilePictureChanged = Event<'ProfilePictureChanged', { memberId: string; imageUrl: string; avatarUrl?: string }>;
export type SkillTaughtAdded = Event<'SkillTaughtAdded', { memberId: string; skill: TaughtSkill }>;
export type SkillTaughtUpdated = Event<'SkillTaughtUpdated', { memberId: string; skill: TaughtSkill }>;
export type SkillTaughtRemoved = Event<'SkillTaughtRemoved', { memberId: string; skillId: string }>;
export type SkillToLearnAdded = Event<'SkillToLearnAdded', { memberId: string; name: string }>;
export type SkillToLearnRemoved = Event<'SkillToLearnRemoved', { memberId: string; name: string }>;
/** Availability entries are identified by day + startTime (a second entry with both is ignored). */
export type AvailabilityAdded = Event<'AvailabilityAdded', { memberId: string; entry: Availability }>;
export type AvailabilityRemoved = Event<'AvailabilityRemoved', { memberId: string; day: WeekDay; startTime: string }>;

export type MemberEvent =
  | MemberRegistered
  | ProfileDetailsChanged
  | ProfilePictureChanged
  | SkillTaughtAdded
  | SkillTaughtUpdated
  | SkillTaughtRemoved
  | SkillToLearnAdded
  | SkillToLearnRemoved
  | AvailabilityAdded
  | AvailabilityRemoved;

/** Every MemberEvent type, for the read models that follow a member's profile. */
export const memberEventTypes = [
  'MemberRegistered',
  'ProfileDetailsChanged',
  'ProfilePictureChanged',
  'SkillTaughtAdded',
  'SkillTaughtUpdated',
  'SkillTaughtRemoved',
  'SkillToLearnAdded',
  'SkillToLearnRemoved',
  'AvailabilityAdded',
  'AvailabilityRemoved',
] as const satisfies readonly MemberEvent['type'][];

/**
 * The member closed or finished the four-slide welcome tour (spec 001 §2.9). An onboarding fact in
 * the member stream, kept out of MemberEvent: profile consumers need not handle it, onboarding ones
 * take MemberStreamEvent.
 */
export type WelcomeTourSeen = Event<'WelcomeTourSeen', { memberId: string; seenAt: string }>;

/** Everything the member stream can hold. */
export type MemberStreamEvent = MemberEvent | WelcomeTourSeen;

export const memberStreamId = (memberId: string) => `member-${memberId}`;
