// Stream states read from the store and folded, every time; written at the revision they were read at.
import type { AppendResult, EventStore, RecordedEvent, StreamAppend } from '../../eventstore/types.js';
import type { FoldingDecider, LoadedStream, StreamStates, StreamWrite, StreamWritten } from './types.js';

/** Folds a stream already read into its state and revision. */
export const foldStream = <S>(decider: FoldingDecider<S>, recorded: readonly RecordedEvent[]): LoadedStream<S> => {
  let state = decider.initialState();
  for (const event of recorded) state = decider.evolve(state, { type: event.type, data: event.data });
  const last = recorded.at(-1);
  return { state, revision: last ? last.streamPosition : null };
};

/** The state a write reached: its events folded onto the state it was decided on. */
const reached = <S>(write: StreamWrite<S>, result: AppendResult): StreamWritten<S> => {
  let state = write.from.state;
  for (const event of write.events) state = write.decider.evolve(state, { type: event.type, data: event.data });
  return { stream: { state, revision: result.nextExpectedRevision }, checkpoint: result.checkpoint };
};

const appendOf = (write: StreamWrite): StreamAppend => ({
  streamId: write.streamId,
  events: write.events,
  expectedRevision: write.from.revision ?? 'no_stream',
});

export const readingStreamStates = (store: EventStore): StreamStates => ({
  async load(decider, streamIds) {
    // One stream is one readStream; several go in one readStreams (one round trip).
    const read = streamIds.length === 1 ? new Map([[streamIds[0]!, await store.readStream(streamIds[0]!)]]) : await store.readStreams(streamIds);
    return new Map(streamIds.map((id) => [id, foldStream(decider, read.get(id) ?? [])]));
  },
  remembered: () => null,
  async write(write) {
    return reached(write, await store.append(write.streamId, write.events, { expectedRevision: write.from.revision ?? 'no_stream' }));
  },
  async writeMany(writes, unchanged) {
    const results = await store.appendMany(writes.map(appendOf), unchanged && unchanged.length > 0 ? { unchanged } : undefined);
    return writes.map((write, index) => reached(write, results[index]!));
  },
});
