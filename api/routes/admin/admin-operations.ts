// What the admin routes ask of the runtimes, read from the one `operations` object the composition root
// makes (api/operations.ts): the followers' status in the contract's shape. The controls' routes join it here.
import type { FollowerOperations } from '../../../projections/runtime/follower-operations.js';
import type { FollowerAction, FollowerStatus } from '../../contracts/admin-operations.js';
import type { ProjectionRuntimeView, ProjectorStatusView } from '../../deps.js';

export interface AdminOperations {
  /** Every projector and reactor, in the runtime's order. */
  followers(): Promise<FollowerStatus[]>;
  /** The runtime's control of one follower, asked by an admin; null where the app was given no controls (a status-only test app). */
  control: ((name: string, action: FollowerAction, by: { actorId: string; reason: string | null }) => Promise<void>) | null;
}

const toFollowerStatus = (s: ProjectorStatusView): FollowerStatus => ({
  name: s.name,
  kind: s.kind,
  state: s.status,
  position: s.checkpoint ?? null,
  lag: { events: s.lag, seconds: s.lagSeconds ?? null },
  failure: s.failure
    ? { position: s.failure.position, eventType: s.failure.eventType, streamId: s.failure.streamId, error: s.failure.error, failedAt: s.failure.failedAt }
    : null,
  rebuild: s.rebuild ?? null,
  rebuildFailure: s.rebuildFailure ? { error: s.rebuildFailure.error, failedAt: s.rebuildFailure.failedAt, by: s.rebuildFailure.by } : null,
  holder: s.holder ?? null,
});

const hasControls = (runtime: Pick<ProjectionRuntimeView, 'status'> | FollowerOperations): runtime is FollowerOperations => 'rebuild' in runtime;

export const adminOperationsOf = (runtime: Pick<ProjectionRuntimeView, 'status'> | FollowerOperations): AdminOperations => ({
  followers: async () => (await runtime.status()).map(toFollowerStatus),
  control: hasControls(runtime)
    ? async (name, action, by) => {
        switch (action) {
          case 'pause':
            return runtime.pause(name);
          case 'resume':
            return runtime.resume(name);
          case 'retry':
            return runtime.retry(name);
          case 'skip':
            return runtime.skip(name, by.reason ?? '', { actorId: by.actorId });
          case 'rebuild':
            await runtime.rebuild(name, { actorId: by.actorId, reason: by.reason });
            return;
        }
      }
    : null,
});
