// The operations decider: an operator passes over the event a failed follower stopped at, with a
// reason (the same event skipped again for the same follower appends nothing: a retried control), or
// rebuilds a read model, with who asked and an optional reason (each rebuild is recorded: each runs).
import { DomainError, type Decider } from '../shared.js';
import { REBUILD_REASON_MAX_LENGTH, SKIP_REASON_MAX_LENGTH, type FollowerOperationsEvent } from './events.js';

export interface SkipFollowerEvent {
  type: 'SkipFollowerEvent';
  follower: string;
  kind: 'projector' | 'reactor';
  position: string;
  eventId: string;
  eventType: string;
  streamId: string;
  error: string;
  reason: string;
  actorId: string | null;
  now: string;
}

export interface RequestProjectionRebuild {
  type: 'RequestProjectionRebuild';
  projection: string;
  version: number;
  reason: string | null;
  actorId: string | null;
  now: string;
}

export type FollowerOperationsCommand = SkipFollowerEvent | RequestProjectionRebuild;

export interface FollowerOperationsState {
  /** `${follower} ${eventId}` of every skip recorded. */
  skipped: ReadonlySet<string>;
}

export const SKIP_REASON_REQUIRED = 'Say why the event is skipped';
export const SKIP_REASON_TOO_LONG = `A skip's reason is at most ${SKIP_REASON_MAX_LENGTH} characters`;
export const REBUILD_REASON_TOO_LONG = `A rebuild's reason is at most ${REBUILD_REASON_MAX_LENGTH} characters`;

const skipKey = (follower: string, eventId: string) => `${follower} ${eventId}`;

export const initialFollowerOperationsState = (): FollowerOperationsState => ({ skipped: new Set() });

export const evolveFollowerOperations = (state: FollowerOperationsState, event: FollowerOperationsEvent): FollowerOperationsState => {
  if (event.type !== 'FollowerEventSkipped') return state;
  // A copy per skip: skips are rare, and caches may hold the state before it.
  return { skipped: new Set([...state.skipped, skipKey(event.data.follower, event.data.eventId)]) };
};

export const decideSkipFollowerEvent = (command: SkipFollowerEvent, state: FollowerOperationsState): FollowerOperationsEvent[] => {
  if (!command.follower.trim() || !command.eventId.trim()) throw new DomainError('VALIDATION', 'A follower and an event are required');
  const reason = command.reason.trim();
  if (!reason) throw new DomainError('VALIDATION', SKIP_REASON_REQUIRED);
  if (reason.length > SKIP_REASON_MAX_LENGTH) throw new DomainError('VALIDATION', SKIP_REASON_TOO_LONG);
  if (state.skipped.has(skipKey(command.follower, command.eventId))) return [];
  const { follower, kind, position, eventId, eventType, streamId, error, actorId, now } = command;
  return [{ type: 'FollowerEventSkipped', data: { follower, kind, position, eventId, eventType, streamId, error, reason, skippedBy: actorId, skippedAt: now } }];
};

export const decideRequestProjectionRebuild = (command: RequestProjectionRebuild): FollowerOperationsEvent[] => {
  if (!command.projection.trim()) throw new DomainError('VALIDATION', 'A read model to rebuild is required');
  const reason = command.reason?.trim() || null;
  if (reason !== null && reason.length > REBUILD_REASON_MAX_LENGTH) throw new DomainError('VALIDATION', REBUILD_REASON_TOO_LONG);
  const { projection, version, actorId, now } = command;
  return [{ type: 'ProjectionRebuildRequested', data: { projection, version, reason, requestedBy: actorId, requestedAt: now } }];
};

export const followerOperationsDecider: Decider<FollowerOperationsState, FollowerOperationsCommand, FollowerOperationsEvent> = {
  initialState: initialFollowerOperationsState,
  evolve: evolveFollowerOperations,
  decide: (command, state) => (command.type === 'SkipFollowerEvent' ? decideSkipFollowerEvent(command, state) : decideRequestProjectionRebuild(command)),
};
