// An admin resolves, ignores or reopens an error group (issue 32 point 2): one command on the group's
// stream through the command runtime. Whether the group regressed, the newest occurrence and the version
// are read by the caller from telemetry and the configuration, and decided on here.
import type { ErrorGroupCommand } from '../../domain/error-group/commands.js';
import { errorGroupDecider, type ErrorGroupState } from '../../domain/error-group/decide.js';
import type { ErrorGroupEvent } from '../../domain/error-group/events.js';
import type { Checkpoint } from '../../eventstore/types.js';
import type { CommandRuntime } from '../runtime/types.js';
import { errorGroupStreamId } from '../stream-ids.js';

export type ErrorGroupActionName = 'resolve' | 'ignore' | 'reopen';

const commandTypes: Record<ErrorGroupActionName, ErrorGroupCommand['type']> = {
  resolve: 'ResolveErrorGroup',
  ignore: 'IgnoreErrorGroup',
  reopen: 'ReopenErrorGroup',
};

export interface ErrorGroupActionInput {
  action: ErrorGroupActionName;
  groupId: string;
  adminId: string;
  reason: string;
  appVersion: string;
  latestOccurrenceId: string | null;
  regressed: boolean;
  now: string;
  correlationId?: string | undefined;
}

export const actOnErrorGroup = async (
  deps: { runtime: CommandRuntime },
  input: ErrorGroupActionInput,
): Promise<{ checkpoint: Checkpoint | null; events: ErrorGroupEvent[]; state: ErrorGroupState }> => {
  const { action, groupId, adminId, reason, appVersion, latestOccurrenceId, regressed, now } = input;
  const command = { type: commandTypes[action], groupId, adminId, at: now, reason, appVersion, latestOccurrenceId, regressed } as ErrorGroupCommand;
  const result = await deps.runtime.handle(errorGroupDecider, errorGroupStreamId(groupId), command, { now, actorId: adminId, correlationId: input.correlationId });
  return { checkpoint: result.checkpoint, events: result.events, state: result.state };
};

/** The decider's state of a group as the command runtime folds it (the route reads it to tell the regression). */
export const loadErrorGroup = async (deps: { runtime: CommandRuntime }, groupId: string): Promise<ErrorGroupState> =>
  (await deps.runtime.load(errorGroupDecider, errorGroupStreamId(groupId))).state;
