// One step of a process that spans streams (booking, follow-ups, reschedule): load, decide, append
// at the revision read, like handleCommand, but with event ids derived from the step's name, the
// stream and the revision the decision was made on. A step repeated on the same revision (a retry
// racing its own lost reply) produces the same ids and the store absorbs it; a repeat on a newer
// revision decides again and, when the decision is new (a cell released and now reserved anew),
// gets fresh ids instead of being mistaken for the earlier append.
import type { Decider, Event } from '../../domain/shared.js';
import { WrongExpectedVersionError, type Checkpoint, type EventMetadata, type EventToAppend } from '../../eventstore/types.js';
import { uuidV5 } from './deterministic-id.js';
import type { LoadedStream, RunContext, StepContext, StepResult, StreamStates } from './types.js';

export const stepEventId = (step: string, streamId: string, revision: bigint | null, index: number): string =>
  uuidV5(`${step}|${streamId}|${revision === null ? 'none' : revision.toString()}|${index}`);

/** The metadata a process writes: its instant, actor and correlation, with the given event id. */
export const processMetadata = (context: RunContext, eventId: string): EventMetadata => ({
  eventId,
  occurredAt: context.now,
  actorId: context.actorId,
  correlationId: context.correlationId,
  causationId: context.causationId ?? null,
  schemaVersion: 1,
});

/** A step's events as appended to `streamId` on top of `revision`, with the step's derived ids. */
export const stepEvents = (context: StepContext, streamId: string, revision: bigint | null, events: readonly Event[]): EventToAppend[] =>
  events.map((event, index) => ({
    type: event.type,
    data: event.data,
    metadata: processMetadata(context, stepEventId(context.step, streamId, revision, index)),
  }));

export const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 3 * attempt + Math.random() * 15 * attempt));

/**
 * Runs one step. `known` is the stream as the caller read it moments ago (state and revision
 * together), which saves the first read: the first append goes to that revision, so it only
 * succeeds when the stream still is exactly what was decided on, i.e. the outcome is the one a fresh
 * read would have given, with the same event ids. A decision on `known` that appends nothing or
 * refuses is never trusted: the step then reads the stream and decides again.
 */
export const runStep = async <S, C, E extends Event>(
  streams: StreamStates,
  decider: Decider<S, C, E>,
  streamId: string,
  command: C,
  context: StepContext,
  known?: LoadedStream<S> | undefined,
): Promise<StepResult<S, E>> => {
  const maxAttempts = context.maxAttempts ?? 8;
  let hint = known;
  for (let attempt = 1; ; attempt++) {
    let loaded: LoadedStream<S> | undefined;
    let events: E[] | undefined;
    const hinted = hint !== undefined;
    if (hint) {
      try {
        const decided = decider.decide(command, hint.state);
        if (decided.length > 0) {
          loaded = hint;
          events = decided;
        }
      } catch {
        // decided again below on what the stream holds now
      }
      hint = undefined;
    }
    if (!loaded || !events) {
      loaded = (await streams.load(decider, [streamId])).get(streamId)!;
      events = decider.decide(command, loaded.state);
    }
    const { state, revision } = loaded;
    if (events.length === 0) return { events, state, checkpoint: null };
    const toAppend = stepEvents(context, streamId, revision, events);
    try {
      const written = await streams.write({ decider, streamId, from: loaded, events: toAppend });
      return { events, state: written.stream.state, checkpoint: written.checkpoint };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      // A stale `known` is not contention: read and decide again at once, on the same attempt.
      if (hinted && loaded === known) {
        attempt -= 1;
        continue;
      }
      if (attempt >= maxAttempts) throw error;
      await pause(attempt);
    }
  }
};

/** Keeps the latest of several checkpoints: a caller waits for the last write it made. */
export const checkpointTracker = (compare: (a: Checkpoint | null, b: Checkpoint | null) => number) => {
  let latest: Checkpoint | null = null;
  return {
    add(checkpoint: Checkpoint | null): void {
      if (checkpoint !== null && compare(checkpoint, latest) > 0) latest = checkpoint;
    },
    get latest(): Checkpoint | null {
      return latest;
    },
  };
};
