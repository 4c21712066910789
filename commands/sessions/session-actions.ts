// One thin function per member action on a session: decide on the session stream (runtime.handle
// re-decides after a concurrent write), then carry out the follow-ups in the ledgers and slot cells.
// Each returns the checkpoint of its last write, for the API's read-your-writes wait.
import { randomBytes, randomUUID } from 'node:crypto';
import type { SessionCommand } from '../../domain/session/commands.js';
import { sessionDecider } from '../../domain/session/decide.js';
import type { SessionEvent } from '../../domain/session/events.js';
import { texts } from '../../domain/session/rules.js';
import type { ExistingSession, SessionState } from '../../domain/session/state.js';
import { slotsCovered } from '../../domain/slot/slots-covered.js';
import { DomainError } from '../../domain/shared.js';
import { assertRescheduleOffered } from '../../domain/booking/reschedule-slots.js';
import { resolveStart, type StartInput } from '../../domain/session/start-time.js';
import type { Checkpoint } from '../../eventstore/types.js';
import { checkpointTracker } from '../runtime/run-step.js';
import type { ProcessRuntime } from '../runtime/types.js';
import { loadMember } from '../members.js';
import { sessionStreamId } from '../stream-ids.js';
import { runFollowUps } from './follow-ups.js';
import { reserveRescheduleCells } from './reschedule-cells.js';
import { timeConflict } from './slot-steps.js';

export interface SessionDeps {
  runtime: ProcessRuntime;
}

export interface ActionInput {
  sessionId: string;
  actorId: string;
  now: string;
  correlationId?: string | undefined;
}

export interface SessionActionResult {
  /** Checkpoint of the last write (the session event or a follow-up); null when nothing changed. */
  checkpoint: Checkpoint | null;
  events: SessionEvent[];
  session: ExistingSession;
}

const existingOrNotFound = (state: SessionState): ExistingSession => {
  if (state.status === 'none') throw new DomainError('NOT_FOUND', texts.notFound);
  return state;
};

/** Decides, appends and runs the session's follow-ups. Exported for the scheduler's commands. */
export const actOnSession = async (
  deps: SessionDeps,
  command: SessionCommand,
  context: { actorId: string | null; now: string; correlationId?: string | undefined },
): Promise<SessionActionResult> => {
  const result = await deps.runtime.handle(sessionDecider, sessionStreamId(command.sessionId), command, context);
  const written = checkpointTracker(deps.runtime.compareCheckpoints);
  written.add(result.checkpoint);
  // Every lifecycle action also finishes follow-ups an earlier crash left undone; chat does not pay for it.
  if (result.events.length > 0 && result.events.every((e) => e.type !== 'ThreadMessagePosted')) {
    written.add((await runFollowUps(deps, command.sessionId)).checkpoint);
  }
  return { checkpoint: written.latest, events: result.events, session: existingOrNotFound(result.state) };
};

const contextOf = (input: ActionInput) => ({ actorId: input.actorId, now: input.now, correlationId: input.correlationId });

/** An unguessable meeting room (128 random bits); Jitsi rooms need no account or API call. */
export const newVideoCallLink = () => `https://meet.jit.si/skillswap-${randomBytes(16).toString('hex')}`;

export const approveSession = (deps: SessionDeps, input: ActionInput) =>
  actOnSession(deps, { type: 'ApproveSession', sessionId: input.sessionId, now: input.now, actorId: input.actorId, videoCallLink: newVideoCallLink() }, contextOf(input));

/** Reason required. Refunds the hold and frees the time. */
export const rejectSession = (deps: SessionDeps, input: ActionInput & { reason: string }) =>
  actOnSession(deps, { type: 'RejectSession', sessionId: input.sessionId, now: input.now, actorId: input.actorId, reason: input.reason }, contextOf(input));

export const cancelSessionRequest = (deps: SessionDeps, input: ActionInput) =>
  actOnSession(deps, { type: 'CancelSessionRequest', sessionId: input.sessionId, now: input.now, actorId: input.actorId }, contextOf(input));

const zoneOf = async (deps: SessionDeps, memberId: string): Promise<string> => {
  const member = await loadMember(deps, memberId);
  return member.status === 'active' ? member.timeZone : 'UTC';
};

export interface ProposeRescheduleInput extends ActionInput, StartInput {
  message: string;
  /** The proposer's zone for date + time; defaults to their profile's zone. */
  viewerTimeZone?: string | undefined;
  modificationId?: string | undefined;
}

/**
 * The proposed time must be a slot the mentor offers, by the booking's rules (400 with the booking's
 * text otherwise), and not booked by another session of the mentor (409).
 */
export const proposeReschedule = async (deps: SessionDeps, input: ProposeRescheduleInput): Promise<SessionActionResult> => {
  const { runtime } = deps;
  let timeZone = input.viewerTimeZone;
  if (!input.startsAt && input.date && input.time && !timeZone) timeZone = await zoneOf(deps, input.actorId);
  const command: SessionCommand = {
    type: 'ProposeReschedule',
    sessionId: input.sessionId,
    now: input.now,
    actorId: input.actorId,
    modificationId: input.modificationId ?? randomUUID(),
    proposedStartsAt: resolveStart(input, timeZone ?? 'UTC'),
    message: input.message,
  };
  // Decided once before reading the members' cells, so a refusal about the session comes first.
  const { state } = await runtime.load(sessionDecider, sessionStreamId(input.sessionId));
  const [proposal] = sessionDecider.decide(command, state);
  if (proposal?.type === 'RescheduleProposed') {
    const { instructorId, studentId, sessionId, proposedStartsAt, durationHours } = proposal.data;
    const mentor = await loadMember(deps, instructorId);
    assertRescheduleOffered({ startsAt: proposedStartsAt, durationHours }, mentor, { now: input.now, viewerTimeZone: timeZone ?? (await zoneOf(deps, input.actorId)) });
    const cells = slotsCovered(proposedStartsAt, durationHours);
    // Both members' time: the student may be in another session then too.
    const conflict = await timeConflict(
      runtime,
      { mentorId: instructorId, studentId, sessionId, cells },
      { slotTaken: texts.slotTaken, studentBusy: texts.studentBusyReschedule },
    );
    if (conflict) throw new DomainError('CONFLICT', conflict);
  }
  return actOnSession(deps, command, contextOf(input));
};

export interface ModificationInput extends ActionInput {
  /** When given, must name the pending request (guards against answering a stale one). */
  modificationId?: string | undefined;
}

const modificationCommand = ({ sessionId, actorId, now, modificationId }: ModificationInput) => ({
  sessionId,
  actorId,
  now,
  ...(modificationId !== undefined && { modificationId }),
});

/** Takes the new time's cells before recording the approval, then frees the old ones (follow-ups). */
export const approveReschedule = async (deps: SessionDeps, input: ModificationInput): Promise<SessionActionResult> => {
  const command = { type: 'ApproveReschedule', ...modificationCommand(input) } as const;
  const reserved = await reserveRescheduleCells(deps, command, contextOf(input));
  try {
    const result = await actOnSession(deps, command, contextOf(input));
    reserved.add(result.checkpoint);
    return { ...result, checkpoint: reserved.latest };
  } catch (error) {
    await reserved.giveBack();
    throw error;
  }
};

export const declineReschedule = (deps: SessionDeps, input: ModificationInput) =>
  actOnSession(deps, { type: 'DeclineReschedule', ...modificationCommand(input) }, contextOf(input));

/** The proposer withdraws their pending request. */
export const cancelReschedule = (deps: SessionDeps, input: ModificationInput) =>
  actOnSession(deps, { type: 'CancelReschedule', ...modificationCommand(input) }, contextOf(input));

/** Reason required, at least 2 hours before the start. Refunds the hold and frees the time. */
export const cancelSession = (deps: SessionDeps, input: ActionInput & { reason: string }) =>
  actOnSession(deps, { type: 'CancelSession', sessionId: input.sessionId, now: input.now, actorId: input.actorId, reason: input.reason }, contextOf(input));

/** The mentor, once the session has started. The held points move to the mentor. */
export const markSessionCompleted = (deps: SessionDeps, input: ActionInput) =>
  actOnSession(deps, { type: 'MarkSessionCompleted', sessionId: input.sessionId, now: input.now, actorId: input.actorId }, contextOf(input));

export const rateSession = (deps: SessionDeps, input: ActionInput & { stars: number | null; review: string }) =>
  actOnSession(
    deps,
    { type: 'RateSession', sessionId: input.sessionId, now: input.now, actorId: input.actorId, stars: input.stars, review: input.review },
    contextOf(input),
  );

export const postThreadMessage = (deps: SessionDeps, input: ActionInput & { message: string; messageId?: string | undefined }) =>
  actOnSession(
    deps,
    {
      type: 'PostThreadMessage',
      sessionId: input.sessionId,
      now: input.now,
      actorId: input.actorId,
      messageId: input.messageId ?? randomUUID(),
      message: input.message,
    },
    contextOf(input),
  );
