// The command runtime: what commands use to load, decide and append (docs/decisions.md, decision 45).
// The composition root makes one per process and store, naming the deciders whose stream states are
// worth remembering; the caches live in this instance and nowhere else. It makes the whole runtime
// (ProcessRuntime); a feature's deps take its CommandRuntime view (handle and load), types.ts.
import type { Decider, Event } from '../../domain/shared.js';
import { WrongExpectedVersionError, type Checkpoint, type EventStore, type UnchangedStream } from '../../eventstore/types.js';
import { cachingStreamStates, createStreamCaches } from './caching-streams.js';
import { handleCommand } from './handle-command.js';
import { planOn } from './plan-on.js';
import { runStep } from './run-step.js';
import { readingStreamStates } from './stream-states.js';
import { StalePlanError, type AnyDecider, type ProcessRuntime, type StreamStates, type StreamWrite } from './types.js';

export interface CommandRuntimeOptions {
  store: EventStore;
  /** Deciders whose stream states this runtime keeps (read often, changed seldom); default none. */
  cachedDeciders?: readonly AnyDecider[] | undefined;
}

/** The same store, telling `onAppend` the checkpoint of every append made through it. */
const observed = (store: EventStore, onAppend: (checkpoint: Checkpoint) => void): EventStore =>
  new Proxy(store, {
    get(target, property) {
      if (property === 'append') {
        return async (...args: Parameters<EventStore['append']>) => {
          const result = await target.append(...args);
          onAppend(result.checkpoint);
          return result;
        };
      }
      if (property === 'appendMany') {
        return async (...args: Parameters<EventStore['appendMany']>) => {
          const results = await target.appendMany(...args);
          for (const result of results) onAppend(result.checkpoint);
          return results;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

const runtimeOver = (store: EventStore, streams: StreamStates, observe: (onAppend: (checkpoint: Checkpoint) => void) => ProcessRuntime): ProcessRuntime => {
  const checksUnchanged = store.multiStreamAppend === 'atomic';
  const writeMany = async (writes: readonly StreamWrite[], unchanged?: readonly UnchangedStream[]) => {
    // A stream the call writes is checked by its expected revision already.
    const written = new Set(writes.map((w) => w.streamId));
    const onlyRead = unchanged?.filter((u) => !written.has(u.streamId));
    try {
      return await streams.writeMany(writes, onlyRead);
    } catch (error) {
      if (error instanceof WrongExpectedVersionError && onlyRead?.some((u) => u.streamId === error.streamId)) throw new StalePlanError(error.streamId);
      throw error;
    }
  };
  return {
    multiStreamAppend: store.multiStreamAppend,
    handle: (decider, streamId, command, context) => handleCommand(streams, decider, streamId, command, context),
    step: (decider, streamId, command, context, known) => runStep(streams, decider, streamId, command, context, known),
    load: async <S, C, E extends Event>(decider: Decider<S, C, E>, streamId: string) => (await streams.load(decider, [streamId])).get(streamId)!,
    loadMany: (decider, streamIds) => streams.load(decider, streamIds),
    planOn: (wanted, decide, write) => planOn(streams, checksUnchanged, wanted, decide, write),
    writeMany,
    record: async (streamId, events, expectedRevision) => (await store.append(streamId, events, { expectedRevision })).checkpoint,
    reads: {
      readStream: (streamId, options) => store.readStream(streamId, options),
      readStreams: (streamIds) => store.readStreams(streamIds),
      readAll: (options) => store.readAll(options),
    },
    compareCheckpoints: (a, b) => store.compareCheckpoints(a, b),
    observingAppends: observe,
  };
};

export const createCommandRuntime = (options: CommandRuntimeOptions): ProcessRuntime => {
  const { store } = options;
  const caches = createStreamCaches(options.cachedDeciders ?? []);
  const statesOver = (over: EventStore) => {
    const plain = readingStreamStates(over);
    return caches.size > 0 ? cachingStreamStates(over, plain, caches) : plain;
  };
  // An observing view keeps the same caches: only the store underneath it is observed.
  const observing = (onAppend: (checkpoint: Checkpoint) => void): ProcessRuntime => {
    const seen = observed(store, onAppend);
    return runtimeOver(seen, statesOver(seen), observing);
  };
  return runtimeOver(store, statesOver(store), observing);
};
