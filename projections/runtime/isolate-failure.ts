// A batch is applied set-wise; when it throws, the batch is replayed one handled event at a time so
// the event that fails is known exactly, and everything before it is committed (no silent skip, no
// lost progress).
import type { RecordedEvent } from '../../eventstore/types.js';
import { HandlerError } from './errors.js';

/** Applies `handled` (a subset of `events`) and stores the checkpoint of the last of `events`, atomically. */
export type CommitBatch = (events: RecordedEvent[], handled: RecordedEvent[]) => Promise<void>;

export type BatchOutcome = { ok: true } | { ok: false; event: RecordedEvent; error: unknown };

export const applyBatch = async (events: RecordedEvent[], handles: ReadonlySet<string>, commit: CommitBatch): Promise<BatchOutcome> => {
  try {
    await commit(
      events,
      events.filter((e) => handles.has(e.type)),
    );
    return { ok: true };
  } catch (error) {
    if (!(error instanceof HandlerError)) throw error;
  }
  let start = 0;
  for (let i = 0; i < events.length; i++) {
    const event = events[i]!;
    if (!handles.has(event.type)) continue;
    try {
      await commit(events.slice(start, i + 1), [event]);
      start = i + 1;
    } catch (error) {
      if (error instanceof HandlerError) return { ok: false, event, error: error.cause };
      throw error;
    }
  }
  // Alone every event passed: the failure needed the whole batch together. Progress is committed.
  if (start < events.length) await commit(events.slice(start), []);
  return { ok: true };
};
