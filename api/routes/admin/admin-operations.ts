// What the admin routes ask of the runtimes, read from the one `operations` object the composition root
// makes (api/operations.ts): the followers' status in the contract's shape. The controls' routes join it here.
import type { FollowerStatus } from '../../contracts/admin-operations.js';
import type { ProjectionRuntimeView, ProjectorStatusView } from '../../deps.js';

export interface AdminOperations {
  /** Every projector and reactor, in the runtime's order. */
  followers(): Promise<FollowerStatus[]>;
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

export const adminOperationsOf = (runtime: Pick<ProjectionRuntimeView, 'status'>): AdminOperations => ({
  followers: async () => (await runtime.status()).map(toFollowerStatus),
});
