// Test support (imported by *.int.test.ts only): session histories made with the real session
// decider, plus the ledger and member events the processes around it would append, recorded into
// one global log the way the SQL store returns them.
import type { LedgerEvent } from '../../domain/ledger/events.js';
import type { MemberEvent, TaughtSkill } from '../../domain/member/events.js';
import type { RequestSession, SessionCommand } from '../../domain/session/commands.js';
import { decide } from '../../domain/session/decide.js';
import type { SessionDuration, SessionEvent } from '../../domain/session/events.js';
import { followUpsFor } from '../../domain/session/follow-ups.js';
import { foldSession } from '../../domain/session/state.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { createEventLog } from '../../test/projections/support/recorded-events.js';

export interface SessionPlan {
  id: string;
  student: string;
  mentor: string;
  skillName: string;
  skillId?: string;
  startsAt: string;
  /** When the request is made. */
  at: string;
  durationHours?: SessionDuration;
  pointsPerHour?: number;
  message?: string;
}

type CommandInput<T extends SessionCommand['type']> = Omit<Extract<SessionCommand, { type: T }>, 'type' | 'sessionId' | 'now'>;

export const createStory = () => {
  const log = createEventLog();
  let ids = 0;
  const member = (id: string, event: MemberEvent, at: string) => log.record(`member-${id}`, event, at);
  const ledger = (id: string, event: LedgerEvent, at: string) => log.record(`ledger-${id}`, event, at);

  const register = (id: string, name: string, at: string, profile: { bio?: string; location?: string } = {}) => {
    member(id, { type: 'MemberRegistered', data: { memberId: id, email: `${id}@example.com`, name, timeZone: 'UTC', registeredAt: at } }, at);
    ledger(id, { type: 'PointsGranted', data: { memberId: id, transactionId: `welcome-${id}`, amount: 3, reason: 'welcome', description: 'Welcome bonus' } }, at);
    if (profile.bio !== undefined || profile.location !== undefined) {
      member(id, { type: 'ProfileDetailsChanged', data: { memberId: id, ...profile } }, at);
    }
  };

  const teach = (id: string, skill: TaughtSkill, at: string) => member(id, { type: 'SkillTaughtAdded', data: { memberId: id, skill } }, at);

  const session = (plan: SessionPlan) => {
    const history: SessionEvent[] = [];
    const run = (command: SessionCommand) => {
      const events = decide(command, foldSession(history));
      for (const event of events) {
        history.push(event);
        log.record(`session-${plan.id}`, event, command.now);
        // What the session process manager does with the hold once the event is stored.
        for (const step of followUpsFor(event)) {
          if (step.kind === 'refund-hold') {
            const { memberId, holdId, sessionId, amount, reason, description } = step;
            ledger(memberId, { type: 'HoldRefunded', data: { memberId, holdId, sessionId, amount, reason, description } }, command.now);
          } else if (step.kind === 'adjudicate-hold') {
            const { memberId, holdId, sessionId, amount, mentorId, description } = step;
            ledger(memberId, { type: 'HoldAdjudicated', data: { memberId, holdId, sessionId, amount, mentorId, description } }, command.now);
            ledger(
              mentorId,
              {
                type: 'PointsReceived',
                data: { memberId: mentorId, transactionId: `received-${holdId}`, holdId, sessionId, amount, fromMemberId: memberId, description },
              },
              command.now,
            );
          }
        }
      }
      return events;
    };
    const at = <T extends SessionCommand['type']>(type: T, now: string, input: CommandInput<T>) =>
      run({ type, sessionId: plan.id, now, ...input } as unknown as SessionCommand);

    const request: RequestSession = {
      type: 'RequestSession',
      sessionId: plan.id,
      now: plan.at,
      studentId: plan.student,
      instructorId: plan.mentor,
      skillId: plan.skillId ?? `skill-${plan.skillName.toLowerCase()}`,
      skillName: plan.skillName,
      experienceLevel: 'intermediate',
      startsAt: plan.startsAt,
      durationHours: plan.durationHours ?? 1,
      pointsPerHour: plan.pointsPerHour ?? 1,
      holdId: `hold-${plan.id}`,
      message: plan.message ?? '',
    };
    // The RequestSession process places the hold first, then appends the request.
    const cost = Math.ceil(request.durationHours * request.pointsPerHour);
    ledger(
      plan.student,
      { type: 'PointsHeld', data: { memberId: plan.student, holdId: request.holdId, sessionId: plan.id, amount: cost, description: `Held for ${plan.skillName}` } },
      plan.at,
    );
    run(request);

    const handle = {
      history,
      approve: (now: string) => (at('ApproveSession', now, { actorId: plan.mentor, videoCallLink: `https://meet.example/${plan.id}` }), handle),
      reject: (now: string, reason = 'Not this week') => (at('RejectSession', now, { actorId: plan.mentor, reason }), handle),
      cancelRequest: (now: string) => (at('CancelSessionRequest', now, { actorId: plan.student }), handle),
      expire: (now: string) => (at('ExpireRequest', now, {}), handle),
      propose: (by: string, proposedStartsAt: string, now: string, message = '') => (
        at('ProposeReschedule', now, { actorId: by, modificationId: `mod-${plan.id}-${++ids}`, proposedStartsAt, message }),
        handle
      ),
      approveReschedule: (by: string, now: string) => (at('ApproveReschedule', now, { actorId: by }), handle),
      declineReschedule: (by: string, now: string) => (at('DeclineReschedule', now, { actorId: by }), handle),
      cancelReschedule: (by: string, now: string) => (at('CancelReschedule', now, { actorId: by }), handle),
      cancel: (by: string, reason: string, now: string) => (at('CancelSession', now, { actorId: by, reason }), handle),
      complete: (now: string) => (at('CompleteSession', now, {}), handle),
      markCompleted: (now: string) => (at('MarkSessionCompleted', now, { actorId: plan.mentor }), handle),
      rate: (stars: number, review: string, now: string) => (at('RateSession', now, { actorId: plan.student, stars, review }), handle),
      say: (by: string, message: string, now: string) => (at('PostThreadMessage', now, { actorId: by, messageId: `msg-${plan.id}-${++ids}`, message }), handle),
    };
    return handle;
  };

  return {
    log,
    events: log.events,
    register,
    teach,
    member,
    ledger,
    session,
    /** Any other event (inbox, likes, tour) recorded on its stream. */
    record: (streamId: string, event: { type: string; data: unknown }, at: string): RecordedEvent => log.record(streamId, event, at),
  };
};

/** The events a projector handles, in log order. */
export const eventsFor = (events: readonly RecordedEvent[], handles: readonly string[]) => events.filter((e) => handles.includes(e.type));
