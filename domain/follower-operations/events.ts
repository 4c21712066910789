// Events of the operations stream `operations-followers`: what operators decided about the log
// followers (projectors and reactors), kept in the log so the audit sees who passed over which event,
// or rebuilt which read model, when and why. One stream for every follower: these are rare, and the
// audit reads them in one place.
import type { Event } from '../shared.js';

export const FOLLOWER_OPERATIONS_STREAM = 'operations-followers';
export const SKIP_REASON_MAX_LENGTH = 500;
export const REBUILD_REASON_MAX_LENGTH = 500;

export type FollowerEventSkipped = Event<
  'FollowerEventSkipped',
  {
    follower: string;
    kind: 'projector' | 'reactor';
    /** The skipped event: its global position (a string: it may exceed 2^53), id, type and stream. */
    position: string;
    eventId: string;
    eventType: string;
    streamId: string;
    /** What its handler threw. */
    error: string;
    reason: string;
    skippedBy: string | null;
    skippedAt: string;
  }
>;

/** An operator's `rebuild` of a read model at its version, recorded as it begins (its tables are rebuilt from the log). */
export type ProjectionRebuildRequested = Event<
  'ProjectionRebuildRequested',
  {
    projection: string;
    /** The read model's version rebuilt (the running code's). */
    version: number;
    reason: string | null;
    requestedBy: string | null;
    requestedAt: string;
  }
>;

export type FollowerOperationsEvent = FollowerEventSkipped | ProjectionRebuildRequested;

export const followerOperationsEventTypes = ['FollowerEventSkipped', 'ProjectionRebuildRequested'] as const satisfies readonly FollowerOperationsEvent['type'][];
