// The operators' view of the log followers (DESIGN.md §13): what the admin screens and scripts may
// ask of every projector and reactor, typed here so the composition root can put it into the one
// `operations` object beside the event store's and the command runtime's parts.
import type { Checkpoint } from '../../eventstore/types.js';
import type { ProjectorFailure, RebuildFailure } from './bookkeeping.js';

export type { RebuildFailure } from './bookkeeping.js';

export type FollowerState = 'starting' | 'standby' | 'rebuilding' | 'catching-up' | 'live' | 'paused' | 'failed' | 'stopped';

/** Whether a member's write waits for this read model before their next request (read-your-writes). */
export type Consistency = 'interactive' | 'eventual';

/** Where a new reactor starts when it has no checkpoint row yet. */
export type StartFrom = 'beginning' | 'end' | { after: Checkpoint };

export interface FollowerStatus {
  kind: 'projector' | 'reactor';
  name: string;
  version: number;
  status: FollowerState;
  consistency: Consistency;
  checkpoint: Checkpoint | null;
  /** Events in the log after the checkpoint; null when unknown (not started here, or the count failed). */
  lag: number | null;
  /** How long the oldest event it has not applied has waited, in seconds; 0 when caught up, null when unknown. */
  lagSeconds: number | null;
  failure: ProjectorFailure | null;
  /**
   * Present while the read model is rebuilt: by a version change (status 'rebuilding', the old tables
   * frozen) or by the `rebuild` control (status unchanged: its live follower still writes the old tables).
   */
  rebuild: { done: number; total: number } | null;
  /**
   * The last `rebuild` control of it failed (its live tables untouched): what it threw, when, and who had
   * asked; cleared when another rebuild of it begins. Kept by the holder, published to the other processes.
   */
  rebuildFailure: RebuildFailure | null;
  /**
   * When the follower last read the log or committed (ISO); held by another process, as that holder last
   * published it (refreshed every 5 s); null when nobody published it.
   */
  heartbeatAt: string | null;
  /** It has not advanced for a while although events wait: health says degraded and the runtime restarts it. */
  stalled: boolean;
  /**
   * The runtime holding its lock (host, pid and a tag per runtime); null when none is known. A runtime
   * standing by reports what the holder published on the shared checkpoint row (remote-status.ts).
   */
  holder: string | null;
  /** Whether this runtime holds it (its status is first-hand) or reports the holder's. */
  heldHere: boolean;
}

/** What a skip records (commands/follower-operations/ turns it into an event on the operations-followers stream). */
export interface FollowerSkip {
  follower: string;
  kind: 'projector' | 'reactor';
  failure: ProjectorFailure;
  reason: string;
  actorId: string | null;
}

/** Who asked for a control, recorded with a skip and with a rebuild. */
export interface ControlActor {
  actorId: string | null;
}

/** Who asked for a rebuild, and why: both go into the event the rebuild records. */
export interface RebuildRequester extends ControlActor {
  reason?: string | null;
}

/**
 * What a rebuild records once it may begin, before it touches a table (commands/follower-operations/
 * turns it into the event ProjectionRebuildRequested on the operations-followers stream).
 */
export interface FollowerRebuildRequest {
  projection: string;
  version: number;
  reason: string | null;
  actorId: string | null;
}

/** How a rebuild asked for by `rebuild` ended. */
export type RebuildResult =
  | { status: 'swapped'; checkpoint: Checkpoint | null; events: number; ms: number }
  /** The runtime stopped first; the build stays in its schema and the next rebuild resumes it. */
  | { status: 'stopped' }
  | { status: 'failed'; error: string };

export interface RebuildStarted {
  /** Settles, never rejects, once the new tables are swapped in, the runtime stopped, or the rebuild failed. */
  finished: Promise<RebuildResult>;
}

/**
 * Every control reaches the runtime holding the follower's lock: called in a runtime that stands by for
 * another process (PostgreSQL), it is written as a row of projection_controls and announced with a
 * NOTIFY; the holder carries it out as a local call and records the outcome, which settles this call
 * (remote-controls.ts). A holder that starts or takes the lock over carries out the controls left pending.
 */
export interface FollowerOperations {
  status(): Promise<FollowerStatus[]>;
  /** Stops applying events (its position is kept); writes no longer wait for it. */
  pause(name: string): Promise<void>;
  resume(name: string): Promise<void>;
  /** Tries a failed follower again from the event it failed on. */
  retry(name: string): Promise<void>;
  /** Passes over the event a failed follower stopped at, recording why (an event on the operations stream). */
  skip(name: string, reason: string, by?: ControlActor): Promise<void>;
  /**
   * Rebuilds a projector's read model at its version from the log, blue/green, while its live follower
   * goes on writing the old tables (writes keep waiting for that follower only); progress shows in
   * `status().rebuild`, a failure in `status().rebuildFailure`. Who asked, and why, is recorded as an event
   * (FollowerRebuildRequest) before it begins. Resolves once the rebuild has begun (in the process holding the follower);
   * refused with CONFLICT while one runs (there or in `npm run rebuild`) or when the follower does not
   * follow the log in its holder, NOT_FOUND for a name no follower has.
   */
  rebuild(name: string, by?: RebuildRequester): Promise<RebuildStarted>;
}

/**
 * Raised by a control that names no follower, or one in a state the control does not apply to; TIMEOUT
 * when a control asked of another process got no outcome in time (no process holding the follower took it).
 */
export class FollowerControlError extends Error {
  constructor(
    readonly code: 'NOT_FOUND' | 'CONFLICT' | 'VALIDATION' | 'TIMEOUT',
    message: string,
  ) {
    super(message);
    this.name = 'FollowerControlError';
  }
}
