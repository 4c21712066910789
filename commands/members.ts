// Member commands as the API calls them. Sign-in registers the member and grants the welcome bonus;
// the two live in different streams, so registration is idempotent and the grant is repaired on the
// next sign-in if a crash fell between the two appends.
import { randomUUID } from 'node:crypto';
import type { ProfilePatch } from '../domain/member/commands.js';
import { memberDecider } from '../domain/member/decide.js';
import type { MemberEvent } from '../domain/member/events.js';
import { isValidTimeZone } from '../domain/member/profile-rules.js';
import type { ActiveMember, MemberState } from '../domain/member/state.js';
import { DomainError, type Event } from '../domain/shared.js';
import { withoutDirectionControls } from '../domain/text-direction.js';
import type { Checkpoint } from '../eventstore/types.js';
import type { CommandRuntime } from './runtime/types.js';
import { grantWelcomeBonus } from './ledger.js';
import { memberStreamId } from './stream-ids.js';

export interface MemberDeps {
  runtime: CommandRuntime;
}

export interface RegisterMemberInput {
  memberId: string;
  email: string;
  /** Whether the sign-in provider vouched for the e-mail (absent: it did). */
  emailVerified?: boolean;
  name: string;
  /** The browser's zone if known; an invalid or empty one falls back to UTC rather than block sign-in. */
  timeZone: string;
  now: string;
  correlationId?: string | undefined;
}

export interface RegisterMemberResult {
  /** True when this call registered the member (first sign-in). */
  registered: boolean;
  /** Checkpoint of the last event this call appended; null when nothing was appended. */
  checkpoint: Checkpoint | null;
  /** What this call appended: the registration and the welcome grant, either, or nothing. */
  events: readonly Event[];
}

const isConflict = (error: unknown) => error instanceof DomainError && error.code === 'CONFLICT';

export const registerMember = async (deps: MemberDeps, input: RegisterMemberInput): Promise<RegisterMemberResult> => {
  const { memberId, now } = input;
  const correlationId = input.correlationId ?? randomUUID();
  // The provider's name is not typed here, so direction controls in it are dropped rather than refused.
  const name = withoutDirectionControls(input.name).trim() || input.email.split('@')[0] || 'Member';
  const timeZone = isValidTimeZone(input.timeZone) ? input.timeZone : 'UTC';
  let registered = false;
  let checkpoint: Checkpoint | null = null;
  const events: Event[] = [];
  try {
    const result = await deps.runtime.handle(
      memberDecider,
      memberStreamId(memberId),
      { type: 'RegisterMember', memberId, email: input.email, emailVerified: input.emailVerified, name, timeZone, now },
      { now, actorId: memberId, correlationId },
    );
    registered = true;
    checkpoint = result.checkpoint;
    events.push(...result.events);
  } catch (error) {
    if (!isConflict(error)) throw error;
  }
  // Always try the grant: on a repeat sign-in it repairs a crash after registration; the
  // deterministic event id plus the CONFLICT rule keep it to one grant however many race.
  try {
    const grant = await grantWelcomeBonus(deps, { memberId }, { now, actorId: memberId, correlationId });
    checkpoint = grant.checkpoint ?? checkpoint;
    events.push(...grant.events);
  } catch (error) {
    if (!isConflict(error)) throw error;
  }
  return { registered, checkpoint, events };
};

export interface UpdateProfileInput {
  memberId: string;
  actorId: string;
  patch: ProfilePatch;
  now: string;
  correlationId?: string | undefined;
}

export interface UpdateProfileResult {
  /** null when nothing changed (no events appended). */
  checkpoint: Checkpoint | null;
  events: MemberEvent[];
  /** The profile after the update (the current one when nothing changed). */
  member: ActiveMember;
}

const asActive = (state: MemberState): ActiveMember => {
  // The decider refuses commands on unregistered members, so this only guards a broken invariant.
  if (state.status !== 'active') throw new DomainError('NOT_FOUND', 'User not found');
  return state;
};

export const updateProfile = async (deps: MemberDeps, input: UpdateProfileInput): Promise<UpdateProfileResult> => {
  const { memberId, actorId, patch, now } = input;
  const newSkillIds = (patch.skillsToTeach ?? []).map(() => randomUUID());
  const result = await deps.runtime.handle(
    memberDecider,
    memberStreamId(memberId),
    { type: 'UpdateProfile', memberId, actorId, patch, newSkillIds, now },
    { now, actorId, correlationId: input.correlationId },
  );
  return { checkpoint: result.checkpoint, events: result.events, member: asActive(result.state) };
};

export interface ChangeProfilePictureInput {
  memberId: string;
  actorId: string;
  imageUrl: string;
  /** The same picture at the avatars' size (api/media/profile-pictures.ts made both from the upload). */
  avatarUrl?: string | undefined;
  now: string;
  correlationId?: string | undefined;
}

export const changeProfilePicture = async (deps: MemberDeps, input: ChangeProfilePictureInput): Promise<UpdateProfileResult> => {
  const { memberId, actorId, imageUrl, avatarUrl, now } = input;
  const result = await deps.runtime.handle(
    memberDecider,
    memberStreamId(memberId),
    { type: 'ChangeProfilePicture', memberId, actorId, imageUrl, avatarUrl, now },
    { now, actorId, correlationId: input.correlationId },
  );
  return { checkpoint: result.checkpoint, events: result.events, member: asActive(result.state) };
};

/** The member's current state straight from the stream (for checks that must not wait on projections). */
export const loadMember = async (deps: MemberDeps, memberId: string): Promise<MemberState> => (await deps.runtime.load(memberDecider, memberStreamId(memberId))).state;

/**
 * Whether the member registered with an e-mail their provider vouched for. Only such a registration
 * claims its address: an unverified one can neither take an address in use nor keep its owner out.
 */
export const claimsEmail = async (deps: MemberDeps, memberId: string): Promise<boolean> => {
  const { state } = await deps.runtime.load(memberDecider, memberStreamId(memberId));
  return state.status === 'active' && state.emailVerified;
};
