// The operators' controls and status of the runtime's followers (follower-operations.ts). A control is
// carried out here when this runtime runs the follower; when it stands by for another process holding
// the follower's lock (PostgreSQL, several API processes), the control goes to that process as a control
// row (remote-controls.ts), where the same code below carries it out, and the status reports what that
// holder publishes (status-publisher.ts, follower-status.ts). On PGlite one process owns the database:
// everything stays here.
import type { SqlConnection } from '../../eventstore/sql-database.js';
import type { EventStore } from '../../eventstore/types.js';
import type { Projector } from '../types.js';
import { listCheckpointRows, readCheckpointRow } from './bookkeeping.js';
import type { ControlRow } from './control-rows.js';
import {
  FollowerControlError,
  type Consistency,
  type FollowerOperations,
  type FollowerSkip,
  type FollowerState,
  type RebuildRequester,
  type RebuildStarted,
} from './follower-operations.js';
import { localStatus, remoteStatus, type StatusContext } from './follower-status.js';
import type { createLiveRebuilds } from './live-rebuilds.js';
import type { LogFollower } from './log-follower.js';
import type { RuntimeLogger } from './logger.js';
import { createRemoteControls } from './remote-controls.js';
import type { createStallWatch } from './stall-watch.js';
import { createStandbyRebuilds } from './standby-rebuilds.js';
import { createStatusPublisher } from './status-publisher.js';

export interface FollowerControlsContext {
  sql: SqlConnection;
  store: EventStore;
  logger: RuntimeLogger;
  /** This runtime, as the rows name it. */
  runtimeId: string;
  projectors: readonly Projector[];
  followers: () => readonly LogFollower[];
  running: () => boolean;
  settleWaiters: () => void;
  liveRebuilds: ReturnType<typeof createLiveRebuilds>;
  stallWatch: ReturnType<typeof createStallWatch>;
  consistencyOf: (projector: string) => Consistency;
  recordSkip: ((skip: FollowerSkip) => Promise<void>) | undefined;
  controlTimeoutMs: number;
  publishIntervalMs: number;
}

/** A holder carries out no control while it prepares, nor once it has let the follower go. */
const NOT_SERVED: readonly FollowerState[] = ['starting', 'standby', 'stopped'];

export const createFollowerControls = (ctx: FollowerControlsContext) => {
  const { sql, liveRebuilds, stallWatch } = ctx;

  const find = (name: string): LogFollower => {
    if (!ctx.running()) throw new FollowerControlError('CONFLICT', 'The projection runtime is not running');
    const found = ctx.followers().find((f) => f.name === name || f.consumer.rowName === name);
    if (!found) throw new FollowerControlError('NOT_FOUND', `No projector or reactor is named ${name}`);
    return found;
  };
  const projectorOf = (follower: LogFollower) => {
    const projector = follower.consumer.kind === 'projector' ? ctx.projectors.find((p) => p.name === follower.name) : undefined;
    if (!projector) throw new FollowerControlError('CONFLICT', `${follower.name} is a reactor: it has no read model to rebuild`);
    return projector;
  };
  const reasonOf = (reason: string) => {
    const why = reason.trim();
    if (why.length === 0) throw new FollowerControlError('VALIDATION', 'A skip needs a reason');
    return why;
  };

  // The controls as carried out by the runtime running the follower, whichever process asked.
  const here = {
    async pause(follower: LogFollower) {
      follower.pause();
      ctx.settleWaiters();
    },
    async resume(follower: LogFollower) {
      follower.resume();
    },
    async retry(follower: LogFollower) {
      follower.retry();
    },
    async skip(follower: LogFollower, reason: string, actorId: string | null) {
      const record = ctx.recordSkip;
      if (!record) throw new FollowerControlError('CONFLICT', 'This runtime cannot record a skip (no recordSkip given)');
      follower.skip(reason, (failure, text) => record({ follower: follower.name, kind: follower.consumer.kind, failure, reason: text, actorId }));
    },
    async rebuild(follower: LogFollower, by?: RebuildRequester): Promise<RebuildStarted> {
      const { finished } = await liveRebuilds.start(follower, projectorOf(follower), by);
      // How it ended (a failure in rebuildFailure) is published before its asker hears of it.
      const published = finished.then(async (result) => {
        await publisher?.flush();
        return result;
      });
      return { finished: published };
    },
  };

  const shared = sql.kind === 'postgres';
  const statusContext: StatusContext = {
    store: ctx.store,
    runtimeId: ctx.runtimeId,
    consistencyOf: (f) => (f.consumer.kind === 'projector' ? ctx.consistencyOf(f.name) : 'eventual'),
    rebuildOf: (f) => f.rebuildProgress ?? (f.consumer.kind === 'projector' ? liveRebuilds.progressOf(f.name) : null),
    rebuildFailureOf: (f) => (f.consumer.kind === 'projector' ? liveRebuilds.failureOf(f.name) : null),
    isStalled: (f) => stallWatch.isStalled(f),
  };
  const publisher = shared
    ? createStatusPublisher({
        sql,
        runtimeId: ctx.runtimeId,
        followers: ctx.followers,
        snapshot: (f) => ({
          state: f.state,
          rebuild: statusContext.rebuildOf(f),
          stalled: stallWatch.isStalled(f),
          heartbeatAt: new Date(f.heartbeatAt).toISOString(),
          rebuildFailure: statusContext.rebuildFailureOf(f),
        }),
        logger: ctx.logger,
        intervalMs: ctx.publishIntervalMs,
        heartbeatMs: 5000,
      })
    : null;
  const standbyRebuilds = shared
    ? createStandbyRebuilds({ sql, logger: ctx.logger, standingBy: () => ctx.followers().some((f) => f.state === 'standby'), intervalMs: ctx.publishIntervalMs })
    : null;

  const carryOut = async (control: ControlRow): Promise<RebuildStarted | void> => {
    const follower = ctx.followers().find((f) => f.consumer.rowName === control.follower);
    if (!follower?.holdsLock) throw new FollowerControlError('CONFLICT', `${control.follower} is no longer held by the process asked`);
    const actorId = control.arguments.actorId ?? null;
    let started: RebuildStarted | undefined;
    if (control.action === 'pause') await here.pause(follower);
    else if (control.action === 'resume') await here.resume(follower);
    else if (control.action === 'retry') await here.retry(follower);
    else if (control.action === 'skip') await here.skip(follower, reasonOf(control.arguments.reason ?? ''), actorId);
    else if (control.action === 'rebuild') started = await here.rebuild(follower, { actorId, reason: control.arguments.reason ?? null });
    else throw new FollowerControlError('VALIDATION', `No control is called ${String(control.action)}`);
    // Its asker may read status as soon as the outcome is recorded: what is held here is published first.
    await publisher?.flush();
    return started;
  };
  const remote = shared
    ? createRemoteControls({
        sql,
        runtimeId: ctx.runtimeId,
        logger: ctx.logger,
        timeoutMs: ctx.controlTimeoutMs,
        sweepEveryMs: 5000,
        servable: () =>
          ctx
            .followers()
            .filter((f) => f.holdsLock && !NOT_SERVED.includes(f.state))
            .map((f) => f.consumer.rowName),
        carryOut,
        holderOf: async (rowName) => (await readCheckpointRow(sql.handle, rowName))?.published?.holder ?? null,
      })
    : null;
  /** The process it reaches: the one holding the follower, when this runtime stands by for it. */
  const elsewhere = (follower: LogFollower) => (remote !== null && follower.state === 'standby' ? remote : null);

  const operations: FollowerOperations = {
    async status() {
      const followers = ctx.followers();
      // Standing by for another process: the rows say what the holder published, read once for all.
      const standing = shared && followers.some((f) => f.state === 'standby');
      const rows = new Map((standing ? await listCheckpointRows(sql.handle).catch(() => []) : []).map((row) => [row.name, row]));
      return Promise.all(
        followers.map((f) => (shared && f.state === 'standby' ? remoteStatus(statusContext, f, rows.get(f.consumer.rowName)) : localStatus(statusContext, f))),
      );
    },
    async pause(name) {
      const follower = find(name);
      await (elsewhere(follower)?.ask(follower.consumer.rowName, 'pause', {}) ?? here.pause(follower));
    },
    async resume(name) {
      const follower = find(name);
      await (elsewhere(follower)?.ask(follower.consumer.rowName, 'resume', {}) ?? here.resume(follower));
    },
    async retry(name) {
      const follower = find(name);
      await (elsewhere(follower)?.ask(follower.consumer.rowName, 'retry', {}) ?? here.retry(follower));
    },
    async skip(name, reason, by) {
      const follower = find(name);
      const why = reasonOf(reason);
      const actorId = by?.actorId ?? null;
      await (elsewhere(follower)?.ask(follower.consumer.rowName, 'skip', { reason: why, actorId }) ?? here.skip(follower, why, actorId));
    },
    async rebuild(name, by) {
      const follower = find(name);
      projectorOf(follower);
      const request = { actorId: by?.actorId ?? null, reason: by?.reason?.trim() || null };
      const holder = elsewhere(follower);
      if (!holder) return here.rebuild(follower, request);
      const control = await holder.ask(follower.consumer.rowName, 'rebuild', { actorId: request.actorId, ...(request.reason && { reason: request.reason }) });
      return { finished: holder.finished(control) };
    },
  };

  return {
    ...operations,
    /** Listens for controls before any follower takes its lock, so none asked of it goes unheard. */
    async start() {
      await remote?.start();
      publisher?.start();
      standbyRebuilds?.start();
    },
    /** After the followers stopped: their last states published, the controls under way recorded. */
    async stop() {
      standbyRebuilds?.stop();
      await publisher?.stop();
      await remote?.stop();
    },
    /** A read model rebuilding at a new version in the process this one stands by for, as that one published it. */
    rebuildingElsewhere: (rowName: string) => standbyRebuilds?.progressOf(rowName),
    /** A follower's state changed (never per event). */
    stateChanged(follower: LogFollower, from: FollowerState) {
      publisher?.changed();
      if (follower.state === 'standby') void standbyRebuilds?.refresh();
      // Taken (at start, or over from another process) and prepared: controls asked meanwhile are carried out now.
      if (from === 'starting' && follower.holdsLock) remote?.sweep();
    },
  };
};
