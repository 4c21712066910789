import { describe, it } from 'vitest';
import { DeciderSpecification } from '../decider-spec.js';
import {
  REBUILD_REASON_TOO_LONG,
  SKIP_REASON_REQUIRED,
  SKIP_REASON_TOO_LONG,
  followerOperationsDecider,
  type RequestProjectionRebuild,
  type SkipFollowerEvent,
} from './decide.js';
import { REBUILD_REASON_MAX_LENGTH, SKIP_REASON_MAX_LENGTH, type FollowerEventSkipped } from './events.js';

const skip = (extra: Partial<SkipFollowerEvent> = {}): SkipFollowerEvent => ({
  type: 'SkipFollowerEvent',
  follower: 'members',
  kind: 'projector',
  position: '42',
  eventId: 'e-42',
  eventType: 'MemberRegistered',
  streamId: 'member-1',
  error: 'boom',
  reason: '  bad import, fixed by hand  ',
  actorId: 'admin-1',
  now: '2026-11-28T10:00:00.000Z',
  ...extra,
});

const skipped: FollowerEventSkipped = {
  type: 'FollowerEventSkipped',
  data: {
    follower: 'members',
    kind: 'projector',
    position: '42',
    eventId: 'e-42',
    eventType: 'MemberRegistered',
    streamId: 'member-1',
    error: 'boom',
    reason: 'bad import, fixed by hand',
    skippedBy: 'admin-1',
    skippedAt: '2026-11-28T10:00:00.000Z',
  },
};

const given = DeciderSpecification.for(followerOperationsDecider);

describe('SkipFollowerEvent', () => {
  it('records the skipped event with its trimmed reason, who skipped it and when', () => {
    given([]).when(skip()).then([skipped]);
  });

  it('refuses a skip without a reason, or with one over the limit', () => {
    given([])
      .when(skip({ reason: ' \n ' }))
      .thenRefuses('VALIDATION', SKIP_REASON_REQUIRED);
    given([])
      .when(skip({ reason: 'x'.repeat(SKIP_REASON_MAX_LENGTH + 1) }))
      .thenRefuses('VALIDATION', SKIP_REASON_TOO_LONG);
  });

  it('appends nothing when the same event is skipped again for the same follower', () => {
    given([skipped]).when(skip()).then([]);
  });

  it('records a skip of the same event by another follower', () => {
    given([skipped])
      .when(skip({ follower: 'balances', reason: 'same event' }))
      .then([{ ...skipped, data: { ...skipped.data, follower: 'balances', reason: 'same event' } }]);
  });
});

const rebuild = (extra: Partial<RequestProjectionRebuild> = {}): RequestProjectionRebuild => ({
  type: 'RequestProjectionRebuild',
  projection: 'sessions',
  version: 3,
  reason: '  rows tampered with by hand  ',
  actorId: 'admin-1',
  now: '2026-11-29T03:00:00.000Z',
  ...extra,
});

describe('RequestProjectionRebuild', () => {
  it('records which read model is rebuilt at which version, who asked, why and when', () => {
    given([])
      .when(rebuild())
      .then([
        {
          type: 'ProjectionRebuildRequested',
          data: { projection: 'sessions', version: 3, reason: 'rows tampered with by hand', requestedBy: 'admin-1', requestedAt: '2026-11-29T03:00:00.000Z' },
        },
      ]);
  });

  it('records a rebuild without a reason, and a rebuild asked again (each one runs)', () => {
    const earlier = given([])
      .when(rebuild())
      .thenMatches([{ type: 'ProjectionRebuildRequested' }]);
    given([skipped, ...earlier])
      .when(rebuild({ reason: '   ', actorId: null }))
      .thenMatches([{ type: 'ProjectionRebuildRequested', data: { reason: null, requestedBy: null } }]);
  });

  it('refuses a reason over the limit, and a rebuild naming no read model', () => {
    given([])
      .when(rebuild({ reason: 'x'.repeat(REBUILD_REASON_MAX_LENGTH + 1) }))
      .thenRefuses('VALIDATION', REBUILD_REASON_TOO_LONG);
    given([])
      .when(rebuild({ projection: ' ' }))
      .thenRefuses('VALIDATION');
  });
});
