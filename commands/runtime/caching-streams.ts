// Stream states of chosen deciders (members' profiles and ledgers: every booking needs them), kept
// in this runtime's caches (stream-cache.ts) around the plain stream states: a load reads only the
// events after what is folded already, a write leaves the state it reached, and `remembered` answers
// from memory alone, for a caller whose write checks the revisions it decided on (the booking,
// docs/decisions.md 34). A state kept here may fall behind other processes' appends; the store, not
// the cache, has the last word (decision 42). Caches are keyed by `evolve`: deciders that share it
// (a decider whose `decide` is adapted for a process step) fold to the same states.
import type { EventStore } from '../../eventstore/types.js';
import { createStreamCache, type StreamCache } from './stream-cache.js';
import type { AnyDecider, FoldingDecider, LoadedStream, StreamStates, StreamWrite, StreamWritten } from './types.js';

/** One cache per decider, keyed by its evolve. */
export type StreamCaches = ReadonlyMap<unknown, StreamCache<unknown>>;

export const createStreamCaches = (cachedDeciders: readonly AnyDecider[]): StreamCaches =>
  new Map(cachedDeciders.map((decider) => [decider.evolve, createStreamCache(decider)]));

export const cachingStreamStates = (store: EventStore, inner: StreamStates, caches: StreamCaches): StreamStates => {
  const cacheOf = <S>(decider: FoldingDecider<S>) => caches.get(decider.evolve) as StreamCache<S> | undefined;

  // Only a fresh append on top of the state decided on: a retried one answered as a duplicate may sit lower.
  const keep = (write: StreamWrite, written: StreamWritten) => {
    const cache = cacheOf(write.decider);
    if (cache && written.stream.revision === (write.from.revision ?? -1n) + BigInt(write.events.length)) {
      cache.remember(write.streamId, written.stream);
    }
  };

  return {
    load(decider, streamIds) {
      const cache = cacheOf(decider);
      return cache ? cache.load(store, streamIds) : inner.load(decider, streamIds);
    },
    remembered<S>(decider: FoldingDecider<S>, streamIds: readonly string[]): Map<string, LoadedStream<S>> | null {
      return cacheOf(decider)?.peek(streamIds) ?? null;
    },
    async write(write) {
      const written = await inner.write(write);
      keep(write, written);
      return written;
    },
    async writeMany(writes, unchanged) {
      const written = await inner.writeMany(writes, unchanged);
      writes.forEach((write, index) => keep(write, written[index]!));
      return written;
    },
  };
};
