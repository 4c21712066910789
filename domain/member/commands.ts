// Commands of the member aggregate. The clock (`now`, ISO-8601 UTC) and fresh ids arrive on the
// command so that deciding stays pure and replayable.

/** A skill taught as PATCH /api/users/{id} sends it; id is absent for a new skill. */
export interface SkillInput {
  id?: string | undefined;
  name: string;
  description: string;
  category?: string | undefined;
  experienceLevel?: string | undefined;
  pointsPerHour?: number | undefined;
}

export interface AvailabilityInput {
  day: string;
  startTime: string;
  endTime: string;
}

/** A partial profile; every array is the whole new list, not a delta. */
export interface ProfilePatch {
  name?: string | undefined;
  bio?: string | undefined;
  location?: string | undefined;
  timeZone?: string | undefined;
  skillsToTeach?: readonly SkillInput[] | undefined;
  skillsToLearn?: readonly string[] | undefined;
  availability?: readonly AvailabilityInput[] | undefined;
}

export interface RegisterMember {
  type: 'RegisterMember';
  memberId: string;
  email: string;
  /** Whether the sign-in provider vouched for the e-mail (absent: it did). */
  emailVerified?: boolean;
  name: string;
  timeZone: string;
  now: string;
}

export interface UpdateProfile {
  type: 'UpdateProfile';
  memberId: string;
  actorId: string;
  patch: ProfilePatch;
  /** Fresh ids, consumed in order by skills that arrive without a known id. */
  newSkillIds: readonly string[];
  now: string;
}

export interface ChangeProfilePicture {
  type: 'ChangeProfilePicture';
  memberId: string;
  actorId: string;
  imageUrl: string;
  /** The smaller size of the same picture for avatars; absent when only one size exists. */
  avatarUrl?: string | undefined;
  now: string;
}

export type MemberCommand = RegisterMember | UpdateProfile | ChangeProfilePicture;
