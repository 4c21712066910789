// Commands of an error group: an admin's resolve, ignore and reopen, each with a reason.
export interface ErrorGroupAction {
  groupId: string;
  adminId: string;
  at: string;
  reason: string;
  appVersion: string;
  latestOccurrenceId: string | null;
  /**
   * The group came back after its resolution (an occurrence after the one the admin saw, of the same or a
   * later version): told by the caller, which reads the occurrences (telemetry), so a regressed group can
   * be resolved again.
   */
  regressed: boolean;
}

export type ResolveErrorGroup = ErrorGroupAction & { type: 'ResolveErrorGroup' };
export type IgnoreErrorGroup = ErrorGroupAction & { type: 'IgnoreErrorGroup' };
export type ReopenErrorGroup = ErrorGroupAction & { type: 'ReopenErrorGroup' };

export type ErrorGroupCommand = ResolveErrorGroup | IgnoreErrorGroup | ReopenErrorGroup;
