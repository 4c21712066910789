// A follower's status as `status()` reports it: first-hand from the follower when this runtime runs it,
// else what the runtime holding its lock published on the shared checkpoint row (status-publisher.ts),
// with the position, failure and lag read from that row: every process tells the same.
import type { Checkpoint, EventStore } from '../../eventstore/types.js';
import type { CheckpointRow } from './bookkeeping.js';
import type { Consistency, FollowerState, FollowerStatus, RebuildFailure } from './follower-operations.js';
import type { LogFollower } from './log-follower.js';

export interface StatusContext {
  store: Pick<EventStore, 'countAfter' | 'readAll'>;
  runtimeId: string;
  consistencyOf(follower: LogFollower): Consistency;
  /** A rebuild's progress here: a version change's, or the `rebuild` control's. */
  rebuildOf(follower: LogFollower): { done: number; total: number } | null;
  /** How the last `rebuild` control of it here failed, while no later one began. */
  rebuildFailureOf(follower: LogFollower): RebuildFailure | null;
  isStalled(follower: LogFollower): boolean;
}

/** States in which a follower reads the log, so its lag means something. */
const FOLLOWING: readonly FollowerState[] = ['catching-up', 'live', 'paused', 'failed'];

const lagAfter = async (store: StatusContext['store'], position: Checkpoint | null): Promise<{ lag: number | null; lagSeconds: number | null }> => {
  const lag = await store.countAfter(position).catch(() => null);
  if (lag === null || lag === 0) return { lag, lagSeconds: lag };
  const [oldest] = await store.readAll({ after: position, limit: 1 }).catch(() => []);
  return { lag, lagSeconds: oldest ? Math.max(0, (Date.now() - Date.parse(oldest.metadata.occurredAt)) / 1000) : null };
};

/** The status of a follower this runtime runs (it holds the lock, or has not asked for it yet). */
export const localStatus = async (ctx: StatusContext, f: LogFollower): Promise<FollowerStatus> => ({
  kind: f.consumer.kind,
  name: f.name,
  version: f.consumer.version,
  status: f.state,
  consistency: ctx.consistencyOf(f),
  checkpoint: f.position,
  ...(FOLLOWING.includes(f.state) ? await lagAfter(ctx.store, f.position) : { lag: null, lagSeconds: null }),
  failure: f.failure,
  rebuild: ctx.rebuildOf(f),
  rebuildFailure: ctx.rebuildFailureOf(f),
  heartbeatAt: new Date(f.heartbeatAt).toISOString(),
  stalled: ctx.isStalled(f),
  holder: f.holdsLock ? ctx.runtimeId : null,
  heldHere: f.holdsLock,
});

/**
 * The status of a follower another runtime holds, from its row: 'standby' with the row's position and
 * failure when no holder has published (an older version holds it, or none has yet).
 */
export const remoteStatus = async (ctx: StatusContext, f: LogFollower, row: CheckpointRow | undefined): Promise<FollowerStatus> => {
  const published = row?.published ?? null;
  const state = (published?.state ?? 'standby') as FollowerState;
  const checkpoint = row?.checkpoint ?? null;
  return {
    kind: f.consumer.kind,
    name: f.name,
    version: f.consumer.version,
    status: state,
    consistency: ctx.consistencyOf(f),
    checkpoint,
    ...(FOLLOWING.includes(state) ? await lagAfter(ctx.store, checkpoint) : { lag: null, lagSeconds: null }),
    failure: row?.failure ?? null,
    rebuild: published?.rebuild ?? null,
    rebuildFailure: published?.rebuildFailure ?? null,
    heartbeatAt: published?.heartbeatAt ?? null,
    stalled: published?.stalled ?? false,
    holder: published?.holder ?? null,
    heldHere: false,
  };
};
