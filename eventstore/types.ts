// The event-store port (DESIGN.md §3). Every adapter (postgres, pglite, eventstoredb) implements
// EventStore and passes the shared conformance suite in test/conformance.

export type ExpectedRevision = 'no_stream' | 'any' | 'stream_exists' | bigint;

export interface EventMetadata {
  eventId: string;
  occurredAt: string; // ISO-8601 UTC
  actorId: string | null;
  correlationId: string;
  causationId: string | null;
  schemaVersion: number;
}

/** A domain event as the domain layer produces it. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

export interface EventToAppend<E extends DomainEvent = DomainEvent> {
  type: E['type'];
  data: E['data'];
  metadata: EventMetadata;
}

/**
 * Checkpoints are opaque, adapter-specific strings that only the adapter that produced them can
 * compare. PostgreSQL/PGlite: `${transactionId}:${globalPosition}`; EventStoreDB:
 * `esdb:${commit}:${prepare}`. An adapter refuses another's checkpoint (ForeignCheckpointError): read
 * models keep their positions when the event log moves to another store, and must be rebuilt then.
 */
export type Checkpoint = string;

export interface RecordedEvent<E extends DomainEvent = DomainEvent> {
  streamId: string;
  /** 0-based position of the event inside its stream. */
  streamPosition: bigint;
  /** Position in the global log (monotonic per adapter, may have gaps). */
  globalPosition: bigint;
  /** Where a reader of the global log stands after this event. */
  checkpoint: Checkpoint;
  type: E['type'];
  data: E['data'];
  metadata: EventMetadata;
}

export interface AppendResult {
  /** The stream revision after the append (the streamPosition of the last event). */
  nextExpectedRevision: bigint;
  /** Checkpoint of the last appended event: projections that reached it have seen the write. */
  checkpoint: Checkpoint;
}

/** One stream's part of a multi-stream append. */
export interface StreamAppend {
  streamId: string;
  events: EventToAppend[];
  /** Default 'any'. */
  expectedRevision?: ExpectedRevision;
}

/** A stream appendMany only checks: it must still stand at `revision` when the append commits. */
export interface UnchangedStream {
  streamId: string;
  revision: bigint;
}

export interface AppendManyOptions {
  /**
   * Streams the decision was taken on that the call does not write: if any has moved, the call
   * throws WrongExpectedVersionError for it and writes nothing. Only 'atomic' stores take it (an
   * 'in-order' store throws): it lets a caller decide on states it remembers instead of reading them.
   */
  unchanged?: readonly UnchangedStream[];
}

export interface ReadStreamOptions {
  /** First stream position to read (inclusive), default 0. */
  from?: bigint;
  /** Last stream position to read (inclusive), default the end. */
  to?: bigint;
}

export interface ReadStreamsOptions {
  /** Stream id -> the last stream position the caller already has; only later events are returned. */
  after?: ReadonlyMap<string, bigint>;
}

export interface ReadAllOptions {
  /** Exclusive start: events strictly after this checkpoint; null = from the beginning. */
  after: Checkpoint | null;
  limit: number;
}

export interface SubscribeAllOptions {
  /** Exclusive start, as readAll. */
  from: Checkpoint | null;
  signal?: AbortSignal;
  batchSize?: number;
}

// The log browser (readLog): its checks and coded error are in log-browser.ts.
/** Where the next page starts: opaque, adapter-specific (SQL: a global position; EventStoreDB: a checkpoint). */
export type LogCursor = string;

export interface LogQuery {
  /** Exclusive: the `next` cursor of the page before; absent for the first page. */
  after?: LogCursor | null;
  /** Events per page, 1 to 500 (default 50; MAX_LOG_PAGE, DEFAULT_LOG_PAGE in log-browser.ts). */
  limit?: number;
  /** Newest first (the admin browser's default) or oldest first. */
  order?: 'newest-first' | 'oldest-first';
  /** Any of these event types. */
  types?: readonly string[];
  /** Streams whose id starts with this text ('session-', 'ledger-{member}'). */
  streamPrefix?: string;
  /** metadata.actorId */
  actorId?: string;
  /** A member the event is about: its stream's owner or a member its data names (log-subjects.ts). */
  subjectId?: string;
  correlationId?: string;
  causationId?: string;
  /** Recorded at or after this instant (ISO-8601). */
  from?: string;
  /** Recorded before this instant (ISO-8601, exclusive). */
  to?: string;
}

export interface LogEntry extends RecordedEvent {
  /** When the store recorded the event (SQL: the appending transaction's start; EventStoreDB: `created`). */
  recordedAt: string;
}

export interface LogPage {
  events: LogEntry[];
  /** The cursor of the next page; null when this page reached the end of the matching events. */
  next: LogCursor | null;
}

export interface LogBrowser {
  /** One page of the global log, filtered; throws InvalidLogQueryError for a query it cannot answer. */
  readLog(query: LogQuery): Promise<LogPage>;
}

/** Every adapter browses its log too (readLog). */
export interface EventStore extends LogBrowser {
  readonly kind: 'postgres' | 'pglite' | 'eventstoredb';

  /**
   * Appends atomically. Throws WrongExpectedVersionError when the revision does not match.
   * Idempotent by event id: appending events whose ids are all already stored in that stream
   * returns the original result and stores nothing. On eventstoredb this holds for exact revisions
   * and 'no_stream' whatever the distance; for 'any' / 'stream_exists' it holds while the original
   * is among the stream's last `idempotencyWindow` events (default 1,000). Throws
   * StoreUnavailableError when the store cannot be reached; its `outcome` says whether the events
   * may have been written (retrying with the same event ids is then safe).
   */
  append(streamId: string, events: EventToAppend[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult>;

  /**
   * How appendMany writes: 'atomic' stores (PostgreSQL, PGlite) write every stream or none, in one
   * transaction; 'in-order' stores (EventStoreDB) append one stream after the other and stop at the
   * first failure, leaving the streams before it written.
   */
  readonly multiStreamAppend: 'atomic' | 'in-order';
  /**
   * Appends to several distinct streams, each at its own expected revision; results in the order
   * given. Throws WrongExpectedVersionError for the first stream whose revision does not match (an
   * 'atomic' store then wrote nothing). Idempotent like append: when every event is already stored,
   * it answers with the original results. A caller must stay correct on an 'in-order' store, where
   * a failure or a crash can leave a prefix written: use it for steps that are each safe alone.
   */
  appendMany(appends: StreamAppend[], options?: AppendManyOptions): Promise<AppendResult[]>;
  /** Events of one stream in stream order; [] when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * Several streams at once (one round trip where the store allows): id -> events, [] when missing.
   * Whole streams, except those named in `after`: of them only the events after that stream position
   * (a caller that has the state up to there folded already).
   */
  readStreams(streamIds: readonly string[], options?: ReadStreamsOptions): Promise<Map<string, RecordedEvent[]>>;

  /**
   * One batch of the global log in a total order consistent with every stream's order, never
   * returning an event that a later call could place before one already returned (no skips).
   */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;

  /** Endless catch-up + live subscription built on readAll and the wake-up signal. */
  subscribeAll(options: SubscribeAllOptions): AsyncIterable<RecordedEvent>;

  /** Registers a hint that new events may be readable (LISTEN/NOTIFY, or in-process). */
  onAppended(listener: () => void): () => void;

  /**
   * Number of events after a checkpoint (lag in /health, progress bars). Exact on SQL; on eventstoredb
   * exact up to a cap (10,000 by default), beyond which it answers the cap, and cached for a moment.
   */
  countAfter(after: Checkpoint | null): Promise<number>;

  /** Negative when a is before b, 0 when equal, positive when after. null sorts first. */
  compareCheckpoints(a: Checkpoint | null, b: Checkpoint | null): number;

  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  readonly code = 'WRONG_EXPECTED_VERSION';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedVersionError';
  }
}

/** A checkpoint this store did not produce: garbage, or another adapter's after the event log moved. */
export class ForeignCheckpointError extends Error {
  readonly code = 'FOREIGN_CHECKPOINT';
  constructor(
    readonly checkpoint: Checkpoint,
    /** 'SQL' or 'EventStoreDB'. */
    readonly store: string,
  ) {
    super(
      `Not a${/^[AEIOU]/.test(store) ? 'n' : ''} ${store} event-store checkpoint: ${checkpoint}. If the event log has moved to another store since it ` +
        `was taken, rebuild the read models instead of resuming from it.`,
    );
    this.name = 'ForeignCheckpointError';
  }
}

/**
 * The store did not answer in time or could not be reached (after the adapter's own retries).
 * 'not-written': nothing was written. 'unknown': an append may or may not have been stored; repeating
 * it with the same event ids is safe (idempotent) and tells which.
 */
export class StoreUnavailableError extends Error {
  readonly code = 'STORE_UNAVAILABLE';
  constructor(
    message: string,
    readonly outcome: 'not-written' | 'unknown',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}
