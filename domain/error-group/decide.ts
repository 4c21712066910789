// The decider of an error group's status. Every group is unresolved until an admin acts; resolve, ignore
// and reopen each refuse a group already in that state (409), except that a resolved group that regressed
// may be resolved again (the fix of the new version). Reasons are required and bounded. evolve never throws.
import { DomainError, assertNever, type Decider } from '../shared.js';
import type { ErrorGroupAction, ErrorGroupCommand } from './commands.js';
import type { ErrorGroupDecision, ErrorGroupEvent } from './events.js';

export const ERROR_GROUP_REASON_MAX = 500;
export const errorGroupTexts = {
  alreadyInStatus: 'The error group is already in that state',
  reasonRequired: 'Say why, in a few words',
  reasonTooLong: `Say why in at most ${ERROR_GROUP_REASON_MAX} characters`,
} as const;

export type ErrorGroupStatus = 'unresolved' | 'resolved' | 'ignored';

export interface ErrorGroupState {
  status: ErrorGroupStatus;
  /** The last resolution's version and the newest occurrence then (regression is measured from these). */
  resolvedIn: string | null;
  seenOccurrenceId: string | null;
}

export const initialErrorGroupState = (): ErrorGroupState => ({ status: 'unresolved', resolvedIn: null, seenOccurrenceId: null });

export const evolveErrorGroup = (state: ErrorGroupState, event: ErrorGroupEvent): ErrorGroupState => {
  switch (event.type) {
    case 'ErrorGroupResolved':
      return { status: 'resolved', resolvedIn: event.data.appVersion, seenOccurrenceId: event.data.latestOccurrenceId };
    case 'ErrorGroupIgnored':
      return { ...state, status: 'ignored' };
    case 'ErrorGroupReopened':
      return { ...state, status: 'unresolved' };
    default:
      return state;
  }
};

const decision = (command: ErrorGroupAction): ErrorGroupDecision => {
  const reason = command.reason.trim();
  if (!reason) throw new DomainError('VALIDATION', errorGroupTexts.reasonRequired);
  if (reason.length > ERROR_GROUP_REASON_MAX) throw new DomainError('VALIDATION', errorGroupTexts.reasonTooLong);
  const { groupId, adminId, at, appVersion, latestOccurrenceId } = command;
  return { groupId, by: adminId, at, reason, appVersion, latestOccurrenceId };
};

const already = () => new DomainError('CONFLICT', errorGroupTexts.alreadyInStatus);

export const decideErrorGroup = (command: ErrorGroupCommand, state: ErrorGroupState): ErrorGroupEvent[] => {
  switch (command.type) {
    case 'ResolveErrorGroup':
      if (state.status === 'resolved' && !command.regressed) throw already();
      return [{ type: 'ErrorGroupResolved', data: decision(command) }];
    case 'IgnoreErrorGroup':
      if (state.status === 'ignored') throw already();
      return [{ type: 'ErrorGroupIgnored', data: decision(command) }];
    case 'ReopenErrorGroup':
      if (state.status === 'unresolved') throw already();
      return [{ type: 'ErrorGroupReopened', data: decision(command) }];
    default:
      return assertNever(command);
  }
};

export const errorGroupDecider: Decider<ErrorGroupState, ErrorGroupCommand, ErrorGroupEvent> = {
  initialState: initialErrorGroupState,
  evolve: evolveErrorGroup,
  decide: decideErrorGroup,
};
