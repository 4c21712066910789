// Time travel for operators (DESIGN.md §12-13, issue 30): a stream's state at any of its events, folded
// by the domain's own deciders with the command runtime's own fold (stream-states.ts), the event there
// and the change it made, with the stream's events paged beside it. The composition root makes one
// over the event store and the stream catalogue (commands/wiring.ts: wireStateAt; commands/stream-catalogue.ts); the lead's
// `operations` object takes it whole through StateAtOperations.
//
// A position is a *stream revision*: the event's 0-based place in its stream (RecordedEvent.streamPosition),
// not its global position. A stream's revisions are 0..n-1 on every adapter, so a screen can step through
// them and page them; global positions have gaps and mean different things per adapter (EventStoreDB's
// commit/prepare pair). The answer names each event's global position too, to find it in the log.
import { DomainError } from '../../domain/shared.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { diffStates, toPlainJson, type PlainJson, type StateChange } from './plain-json.js';
import { categoryName, type StreamCatalogue } from './stream-catalogue.js';
import type { EventReads, FoldingDecider } from './types.js';

export type StateAtRefusal = 'STREAM_NOT_FOUND' | 'POSITION_PAST_END' | 'INVALID_POSITION';

/** A refused stateAt: a DomainError (404 or 400 at the API) with the precise reason beside its code. */
export class StateAtError extends DomainError {
  constructor(
    readonly reason: StateAtRefusal,
    message: string,
  ) {
    super(reason === 'INVALID_POSITION' ? 'VALIDATION' : 'NOT_FOUND', message);
    this.name = 'StateAtError';
  }
}

/** One event of the stream in the time-travel list. */
export interface StreamEventSummary {
  /** Stream revision (0-based). */
  position: number;
  /** Position in the global log, as a decimal string (the log's positions are bigints). */
  globalPosition: string;
  type: string;
  occurredAt: string;
  actorId: string | null;
}

/** The event at the position, whole. */
export interface StreamEventView extends StreamEventSummary {
  eventId: string;
  correlationId: string;
  causationId: string | null;
  data: PlainJson;
}

/** One decider's state after the event, and what the event changed in it. */
export interface FoldAt {
  /** The decider's name in the catalogue (`member` and `welcomeTour` on a member stream). */
  decider: string;
  /** The state before the event (the decider's initial state at position 0): the time-travel screen diffs it against `state`. */
  before: PlainJson;
  state: PlainJson;
  changes: StateChange[];
}

export interface StateAtAnswer {
  streamId: string;
  /** The catalogue's category (`slots-`, `slots-carried-over`); null when no category claims the stream. */
  category: string | null;
  /** 'raw': an index or marker stream that no decider folds (or an unclaimed one): its events only. */
  kind: 'folded' | 'raw';
  position: number;
  /** The stream's last revision. */
  lastPosition: number;
  event: StreamEventView;
  /** One per decider of the category; [] on raw streams. */
  folds: FoldAt[];
  page: { from: number; size: number; events: StreamEventSummary[] };
}

export interface StateAtOptions {
  /** First revision of the page of events; default the page (of `pageSize`) that holds the position. */
  pageFrom?: number | undefined;
  /** Events per page, 1 to MAX_PAGE_SIZE; default 50. */
  pageSize?: number | undefined;
}

export interface StreamCategoryListing {
  category: string;
  kind: 'folded' | 'raw';
  describes: string;
  deciders: string[];
}

/** What the operations API offers of stream states. */
export interface StateAtOperations {
  /** The stream's state at the event at `position` (a stream revision; default its last event). */
  stateAt(streamId: string, position?: number | bigint, options?: StateAtOptions): Promise<StateAtAnswer>;
  /** Every category the catalogue knows, for the time-travel screen's picker. */
  categories(): StreamCategoryListing[];
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

const revisionOf = (position: number | bigint, what: string): number => {
  const revision = typeof position === 'bigint' ? Number(position) : position;
  if (!Number.isSafeInteger(revision) || revision < 0) throw new StateAtError('INVALID_POSITION', `${what} must be a whole number from 0, not ${String(position)}`);
  return revision;
};

const summaryOf = (event: RecordedEvent): StreamEventSummary => ({
  position: Number(event.streamPosition),
  globalPosition: event.globalPosition.toString(),
  type: event.type,
  occurredAt: event.metadata.occurredAt,
  actorId: event.metadata.actorId,
});

const viewOf = (event: RecordedEvent): StreamEventView => ({
  ...summaryOf(event),
  eventId: event.metadata.eventId,
  correlationId: event.metadata.correlationId,
  causationId: event.metadata.causationId,
  data: toPlainJson(event.data) ?? null,
});

/** Where the event at `revision` is in the stream as read: its revision itself unless the stream has gaps (none of ours has). */
const indexOf = (events: readonly RecordedEvent[], revision: number): number =>
  events[revision]?.streamPosition === BigInt(revision) ? revision : events.findIndex((event) => event.streamPosition === BigInt(revision));

const pageOf = (events: readonly RecordedEvent[], index: number, options: StateAtOptions) => {
  const size = options.pageSize === undefined ? DEFAULT_PAGE_SIZE : revisionOf(options.pageSize, 'The page size');
  if (size < 1 || size > MAX_PAGE_SIZE) throw new StateAtError('INVALID_POSITION', `The page size must be between 1 and ${MAX_PAGE_SIZE}, not ${size}`);
  const from = options.pageFrom === undefined ? Math.floor(index / size) * size : revisionOf(options.pageFrom, 'The page start');
  return { from, size, events: events.slice(from, from + size).map(summaryOf) };
};

/** Events kept of the streams travelled last, all streams together (about 10 MB of long posts' comments). */
export const TRAVELLED_EVENTS_KEPT = 100_000;
/** A travelled stream keeps its folded state after every this many events, per decider. */
const SNAPSHOT_EVERY = 1_000;

interface Travelled {
  events: RecordedEvent[];
  /** Per decider, the state after events[0 .. (k + 1) * SNAPSHOT_EVERY), for k = 0, 1, ... */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each decider its own state
  snapshots: Map<string, any[]>;
}

/**
 * The streams an operator travelled last. A stream's past never changes, so stepping through a long
 * stream (a slider over 10,000 events) reads only what was appended since the last step, and folds from
 * the nearest kept state before the position rather than from the first event: the read and the fold were
 * the whole cost of a step (docs/performance.md, time travel). States share structure (evolve never
 * changes a state in place, as the command runtime's stream cache relies on too), so a kept state costs
 * little. Kept until TRAVELLED_EVENTS_KEPT events are held, the stream looked at longest ago dropped first.
 */
const travelledStreams = (reads: Pick<EventReads, 'readStream'>) => {
  const kept = new Map<string, Travelled>();
  let held = 0;
  const forget = (streamId: string) => {
    held -= kept.get(streamId)?.events.length ?? 0;
    kept.delete(streamId);
  };
  return {
    async read(streamId: string): Promise<Travelled> {
      const known = kept.get(streamId);
      // Kept only while revisions run 0..n-1 without a gap, so the next one is at `events.length`.
      const newer = await reads.readStream(streamId, known ? { from: BigInt(known.events.length) } : {});
      const entry = known && newer.length === 0 ? known : { events: known ? known.events.concat(newer) : newer, snapshots: known?.snapshots ?? new Map() };
      forget(streamId);
      const { events } = entry;
      const gapless = events.length > 0 && events.at(-1)!.streamPosition === BigInt(events.length - 1);
      if (gapless && events.length <= TRAVELLED_EVENTS_KEPT) {
        while (held + events.length > TRAVELLED_EVENTS_KEPT) forget(kept.keys().next().value!);
        kept.set(streamId, entry);
        held += events.length;
      }
      return entry;
    },
    /** The decider's state after events[0 .. end), from the nearest kept state, keeping those it passes. */
    foldTo<S>(entry: Travelled, name: string, decider: FoldingDecider<S>, end: number): S {
      const snapshots = entry.snapshots.get(name) ?? [];
      entry.snapshots.set(name, snapshots);
      const usable = Math.min(Math.floor(end / SNAPSHOT_EVERY), snapshots.length);
      let state: S = usable > 0 ? snapshots[usable - 1] : decider.initialState();
      for (let i = usable * SNAPSHOT_EVERY; i < end; i += 1) {
        const event = entry.events[i]!;
        state = decider.evolve(state, { type: event.type, data: event.data });
        if ((i + 1) % SNAPSHOT_EVERY === 0 && snapshots.length === (i + 1) / SNAPSHOT_EVERY - 1) snapshots.push(state);
      }
      return state;
    },
  };
};

export const createStateAt = (options: { reads: Pick<EventReads, 'readStream'>; catalogue: StreamCatalogue }): StateAtOperations => {
  const { reads, catalogue } = options;
  const travelled = travelledStreams(reads);
  return {
    async stateAt(streamId, position, pageOptions = {}) {
      const wanted = position === undefined ? undefined : revisionOf(position, 'The position');
      // The whole stream: the fold needs everything up to the position, the page and the last revision
      // the rest, and a fold is linear in the stream's length (states share structure).
      const entry = await travelled.read(streamId);
      const { events } = entry;
      if (events.length === 0) throw new StateAtError('STREAM_NOT_FOUND', `There is no stream ${streamId}`);
      const last = Number(events.at(-1)!.streamPosition);
      const index = indexOf(events, wanted ?? last);
      if (index < 0) throw new StateAtError('POSITION_PAST_END', `Stream ${streamId} ends at position ${last}; there is no event at ${wanted}`);
      const event = events[index]!;
      const category = catalogue.categoryOf(streamId);
      const folds =
        category?.kind === 'folded'
          ? Object.entries(category.folds).map(([decider, folding]): FoldAt => {
              const before = travelled.foldTo(entry, decider, folding, index);
              const after = folding.evolve(before, { type: event.type, data: event.data });
              return { decider, before: toPlainJson(before) ?? null, state: toPlainJson(after) ?? null, changes: diffStates(before, after) };
            })
          : [];
      return {
        streamId,
        category: category ? categoryName(category) : null,
        kind: category?.kind ?? 'raw',
        position: Number(event.streamPosition),
        lastPosition: last,
        event: viewOf(event),
        folds,
        page: pageOf(events, index, pageOptions),
      };
    },
    categories: () =>
      catalogue.categories.map((category) => ({
        category: categoryName(category),
        kind: category.kind,
        describes: category.describes,
        deciders: category.kind === 'folded' ? Object.keys(category.folds) : [],
      })),
  };
};
