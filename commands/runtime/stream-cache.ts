// Folded states of streams that are read often (members' profiles: every booking needs the mentor's
// and the student's) or that grow with use (a post's thread, a conversation). `load` reads the store every time, but only the events after
// the revision it has folded (readStreams' `after`), so a booking no longer parses and folds the
// mentor's whole history. `peek` answers from memory alone, for a caller whose write checks the
// revisions it decided on (the booking, docs/decisions.md 34). Either way the store, not the cache,
// has the last word on what a stream holds.
import type { Decider, Event } from '../../domain/shared.js';
import type { EventStore, RecordedEvent } from '../../eventstore/types.js';
import type { LoadedStream } from './types.js';

/** Entries kept per cache; the least recently used are dropped past it. */
const DEFAULT_MAX_ENTRIES = 10_000;

export interface StreamCache<S> {
  /** Reads the streams (the part after what is cached) and folds them, in one readStreams call. */
  load(store: EventStore, streamIds: readonly string[]): Promise<Map<string, LoadedStream<S>>>;
  /**
   * The remembered states of all the streams without asking the store, or null if one is not known.
   * They may be behind the store: a caller acts on them only where the store checks the revisions
   * (appendMany's `unchanged` and expected revisions) and asks again (load) when told they moved.
   */
  peek(streamIds: readonly string[]): Map<string, LoadedStream<S>> | null;
  /** A state the caller knows the stream reached (it wrote the events itself). */
  remember(streamId: string, stream: LoadedStream<S>): void;
}

interface Known<S> {
  state: S;
  revision: bigint;
}

export const createStreamCache = <S, C, E extends Event>(decider: Decider<S, C, E>, maxEntries = DEFAULT_MAX_ENTRIES): StreamCache<S> => {
  const known = new Map<string, Known<S>>();

  const remember = (streamId: string, entry: Known<S>) => {
    const current = known.get(streamId);
    // A concurrent load may have got further; either way the stream was used now. Re-inserted at the
    // end: Map order is the eviction order, the least recently used first.
    const newest = current && current.revision >= entry.revision ? current : entry;
    known.delete(streamId);
    known.set(streamId, newest);
    if (known.size > maxEntries) known.delete(known.keys().next().value!);
  };

  const foldOnto = (base: Known<S> | undefined, recorded: readonly RecordedEvent[]): LoadedStream<S> => {
    let state = base?.state ?? decider.initialState();
    for (const event of recorded) state = decider.evolve(state, { type: event.type, data: event.data } as E);
    return { state, revision: recorded.at(-1)?.streamPosition ?? base?.revision ?? null };
  };

  return {
    peek(streamIds) {
      const found = new Map<string, LoadedStream<S>>();
      for (const id of streamIds) {
        const entry = known.get(id);
        if (!entry) return null;
        found.set(id, entry);
      }
      return found;
    },

    remember(streamId, stream) {
      if (stream.revision !== null) remember(streamId, { state: stream.state, revision: stream.revision });
    },

    async load(store, streamIds) {
      // The bases are taken now: a concurrent load may move the cache on while this one reads.
      const bases = new Map<string, Known<S>>();
      for (const id of streamIds) {
        const base = known.get(id);
        if (base) bases.set(id, base);
      }
      const read = await store.readStreams(streamIds, { after: new Map([...bases].map(([id, base]) => [id, base.revision])) });
      const loaded = new Map<string, LoadedStream<S>>();
      for (const id of streamIds) {
        const base = bases.get(id);
        // Only what follows the base, whatever the store answered.
        const recorded = (read.get(id) ?? []).filter((e) => !base || e.streamPosition > base.revision);
        const stream = foldOnto(base, recorded);
        loaded.set(id, stream);
        if (stream.revision !== null) remember(id, { state: stream.state, revision: stream.revision });
      }
      return loaded;
    },
  };
};
