// Events of an error group's status (issue 32 point 2): an admin resolves, ignores or reopens a group, on
// the group's own stream `error-group-{groupId}`. The occurrences are telemetry (docs/telemetry.md); these
// are decisions, with who, when and why, the app version current at the time and the id of the newest
// occurrence the admin saw, from which a later occurrence tells a regression (decision 331).
import type { Event } from '../shared.js';

export interface ErrorGroupDecision {
  groupId: string;
  by: string;
  at: string;
  reason: string;
  /** The server's version when the admin acted: a resolved group regresses in this version or a later one. */
  appVersion: string;
  /** The newest occurrence when the admin acted (telemetry's id, as a string), null when none was stored. */
  latestOccurrenceId: string | null;
}

export type ErrorGroupResolved = Event<'ErrorGroupResolved', ErrorGroupDecision>;
export type ErrorGroupIgnored = Event<'ErrorGroupIgnored', ErrorGroupDecision>;
export type ErrorGroupReopened = Event<'ErrorGroupReopened', ErrorGroupDecision>;

export type ErrorGroupEvent = ErrorGroupResolved | ErrorGroupIgnored | ErrorGroupReopened;

export const errorGroupEventTypes = ['ErrorGroupResolved', 'ErrorGroupIgnored', 'ErrorGroupReopened'] as const satisfies readonly ErrorGroupEvent['type'][];

export const errorGroupStreamId = (groupId: string) => `error-group-${groupId}`;
