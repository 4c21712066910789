// The session's follow-ups (refund or transfer the hold, release the mentor's slot cells) as a
// reactor: whatever a request did or did not finish before its process died, this runs them once the
// session event is in the log. Requests still run them at once for latency (session-actions.ts);
// both go through runFollowUps, whose steps have deterministic ids, so the second does nothing.
import type { SessionEvent } from '../../domain/session/events.js';
import type { Reactor } from '../reactor.js';
import { runFollowUps, type FollowUpDeps } from './follow-ups.js';

/** Session events that ask something of other streams (domain followUpsFor, and unused proposal cells). */
export const EVENTS_WITH_FOLLOW_UPS = [
  'SessionRejected',
  'SessionRequestCancelled',
  'SessionRequestExpired',
  'SessionCancelled',
  'SessionCompleted',
  'RescheduleApproved',
  'RescheduleDeclined',
  'RescheduleCancelled',
] as const satisfies readonly SessionEvent['type'][];

export const sessionFollowUpsReactor = (deps: FollowUpDeps): Reactor => ({
  name: 'session-follow-ups',
  handles: EVENTS_WITH_FOLLOW_UPS,
  async react(events) {
    // runFollowUps replays a whole session, so a session named twice in a batch is done once.
    const sessionIds = new Set(events.map((event) => (event.data as SessionEvent['data']).sessionId));
    for (const sessionId of sessionIds) await runFollowUps(deps, sessionId);
  },
});
