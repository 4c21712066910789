// The process's caches of folded streams (stream-cache.ts), one per store and decider, for the streams
// a booking reads: members' profiles and ledgers. The booking takes its plan from them (request-session.ts);
// any command of this process that appends to such a stream on top of the state it read leaves the state
// it reached here (handle-command.ts), so a member who signed up or changed their profile through this
// process books without a read first. A state left here may fall behind other processes' appends: the
// booking's write checks the revisions it planned on, as for any remembered state (decisions 34, 42).
import type { Decider, Event } from '../domain/shared.js';
import type { EventStore } from '../eventstore/types.js';
import type { LoadedStream } from './handle-command.js';
import { createStreamCache, type StreamCache } from './stream-cache.js';

type AnyDecider = Decider<any, any, any>;

const cached = new Set<AnyDecider>();
const caches = new WeakMap<EventStore, Map<AnyDecider, StreamCache<unknown>>>();

/** Streams of this decider are kept in each store's cache from now on. */
export const cacheStreamsOf = (decider: AnyDecider): void => {
  cached.add(decider);
};

const cacheOf = (store: EventStore, decider: AnyDecider): StreamCache<unknown> | undefined => {
  if (!cached.has(decider)) return undefined;
  let byDecider = caches.get(store);
  if (!byDecider) caches.set(store, (byDecider = new Map()));
  let cache = byDecider.get(decider);
  if (!cache) byDecider.set(decider, (cache = createStreamCache(decider)));
  return cache;
};

/** The store's cache of this decider's streams (created on first use). */
export const streamCacheOf = <S, C, E extends Event>(store: EventStore, decider: Decider<S, C, E>): StreamCache<S> => {
  cacheStreamsOf(decider);
  return cacheOf(store, decider) as StreamCache<S>;
};

/** A state a command reached by its own append; kept only for deciders whose streams are cached. */
export const rememberWritten = <S>(store: EventStore, decider: AnyDecider, streamId: string, stream: LoadedStream<S>): void => {
  cacheOf(store, decider)?.remember(streamId, stream);
};
