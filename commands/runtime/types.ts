// The command runtime's vocabulary, apart from its implementation (so that the handler, the stream
// states and the caches depend on these types and not on each other).
import type { Decider, Event } from '../../domain/shared.js';
import type { Checkpoint, EventToAppend, ExpectedRevision, RecordedEvent, UnchangedStream } from '../../eventstore/types.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- what a state needs of a decider: its initial state and evolve */
export type AnyDecider = Decider<any, any, any>;
/** A decider as far as folding its streams goes (commands and events do not matter there). */
export type FoldingDecider<S> = Decider<S, never, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

export interface LoadedStream<S> {
  state: S;
  /** Position of the last event in the stream; null when the stream does not exist. */
  revision: bigint | null;
}

export interface CommandContext<E extends Event = Event> {
  /** ISO-8601 UTC instant; becomes every event's occurredAt. */
  now: string;
  actorId: string | null;
  /** Defaults to a new id: this command starts a new conversation. */
  correlationId?: string | undefined;
  causationId?: string | null | undefined;
  /** Deterministic event ids (e.g. UUID v5) make a re-sent command idempotent at the store. */
  eventId?: ((event: E, index: number) => string) | undefined;
  /** Attempts in all, counting the first; default 5. */
  maxAttempts?: number | undefined;
}

export interface CommandResult<S, E extends Event> {
  /** What was appended; [] when the decision was to do nothing. */
  events: E[];
  /** Checkpoint of the last appended event; null when nothing was appended. */
  checkpoint: Checkpoint | null;
  /** Stream revision after the command; null when the stream still does not exist. */
  nextExpectedRevision: bigint | null;
  /** State after the command's events. */
  state: S;
}

/** One step of a process that spans streams; event ids derive from the step's name (run-step.ts). */
export interface StepContext {
  /** Names the step within its process, e.g. `booking:{sessionId}:hold`. */
  step: string;
  now: string;
  actorId: string | null;
  correlationId: string;
  causationId?: string | null | undefined;
  /** Attempts in all; default 8 (process steps meet more contention than a member's command). */
  maxAttempts?: number | undefined;
}

/** What every step of one run of a process shares; `step` is filled in per step. */
export type RunContext = Omit<StepContext, 'step'>;

export interface StepResult<S, E extends Event> {
  events: E[];
  state: S;
  /** Checkpoint of the append; null when the decision was to do nothing. */
  checkpoint: Checkpoint | null;
}

/** Events decided on `from` for one stream, to be appended at its revision. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of writes mixes states
export interface StreamWrite<S = any> {
  decider: FoldingDecider<S>;
  streamId: string;
  from: LoadedStream<S>;
  events: EventToAppend[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as StreamWrite
export interface StreamWritten<S = any> {
  /** The state and revision the write reached. */
  stream: LoadedStream<S>;
  checkpoint: Checkpoint;
}

/**
 * Folded stream states: read, and written at the revision they were read at. The plain one reads
 * the store every time; a caching one (caching-streams.ts) decorates it for chosen deciders.
 */
export interface StreamStates {
  load<S>(decider: FoldingDecider<S>, streamIds: readonly string[]): Promise<Map<string, LoadedStream<S>>>;
  /** States known without a read (they may be behind the store), or null when one is not known. */
  remembered<S>(decider: FoldingDecider<S>, streamIds: readonly string[]): Map<string, LoadedStream<S>> | null;
  write<S>(write: StreamWrite<S>): Promise<StreamWritten<S>>;
  /** Several streams in one appendMany; `unchanged` as the port's. */
  writeMany(writes: readonly StreamWrite[], unchanged?: readonly UnchangedStream[]): Promise<StreamWritten[]>;
}

/** States planned on, per stream id, and the remembered streams the write must find unchanged. */
export interface PlanStates<W extends Record<string, AnyDecider>> {
  states: { [K in keyof W]: Map<string, LoadedStream<ReturnType<W[K]['initialState']>>> };
  /** Set when the states were remembered rather than read: pass it to writeMany. */
  unchanged: UnchangedStream[] | undefined;
}

/** The streams a plan rests on: for each name, a decider and the ids of its streams. */
export type PlanStreams<W extends Record<string, AnyDecider>> = { [K in keyof W]: { decider: W[K]; streamIds: readonly string[] } };

/** Reads that decide nothing (a process's own log, an index, the global log). */
export interface EventReads {
  readStream(streamId: string, options?: { from?: bigint; to?: bigint }): Promise<RecordedEvent[]>;
  readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>>;
  readAll(options: { after: Checkpoint | null; limit: number }): Promise<RecordedEvent[]>;
}

/**
 * What a feature's command sees of the write side: decide on one stream (`handle`, which appends at the
 * revision it read), and fold streams to decide with (`load`, `loadMany`). A feature module takes this in
 * its deps, never the ProcessRuntime below, so it cannot append several streams, append without deciding
 * or read the global log (lint: config `skillswap/features-see-command-runtime`; docs/architecture.md).
 */
export interface CommandRuntime {
  /** Load, decide, append at the revision read; decide again after a concurrent write. */
  handle<S, C, E extends Event>(decider: Decider<S, C, E>, streamId: string, command: C, context: CommandContext<E>): Promise<CommandResult<S, E>>;
  load<S, C, E extends Event>(decider: Decider<S, C, E>, streamId: string): Promise<LoadedStream<S>>;
  loadMany<S, C, E extends Event>(decider: Decider<S, C, E>, streamIds: readonly string[]): Promise<Map<string, LoadedStream<S>>>;
}

/**
 * The whole command runtime: what runs a process over several streams. Process steps and the booking
 * saga (commands/sessions/), reactors, the scheduler, the carry-over scripts and the composition root
 * take it; a feature that truly needs one of its members names it at its deps and says why.
 */
export interface ProcessRuntime extends CommandRuntime {
  /** 'atomic': writeMany writes every stream or none, and checks `unchanged` (the port's multiStreamAppend). */
  readonly multiStreamAppend: 'atomic' | 'in-order';
  /** One idempotent step of a process (run-step.ts); `known` saves the first read. */
  step<S, C, E extends Event>(
    decider: Decider<S, C, E>,
    streamId: string,
    command: C,
    context: StepContext,
    known?: LoadedStream<S> | undefined,
  ): Promise<StepResult<S, E>>;
  /**
   * Decides on the states this process remembers where the store can check them at the write
   * (atomic stores: `unchanged`), else on states read now; and decides again on states read now when
   * the remembered ones refused (a DomainError from `decide`) or `write` found them stale
   * (StalePlanError). `decide` writes nothing; `write` passes the plan's `unchanged` to writeMany.
   */
  planOn<W extends Record<string, AnyDecider>, P, T>(
    streams: PlanStreams<W>,
    decide: (plan: PlanStates<W>) => P | Promise<P>,
    write: (decided: P, plan: PlanStates<W>) => Promise<T>,
  ): Promise<T>;
  /** Appends at expected revisions in one call; throws StalePlanError when an `unchanged` stream moved. */
  writeMany(writes: readonly StreamWrite[], unchanged?: readonly UnchangedStream[]): Promise<StreamWritten[]>;
  /** An append that decides nothing (an index entry, a marker). */
  record(streamId: string, events: EventToAppend[], expectedRevision: ExpectedRevision): Promise<Checkpoint>;
  readonly reads: EventReads;
  compareCheckpoints(a: Checkpoint | null, b: Checkpoint | null): number;
  /** The same runtime (same remembered states), telling `onAppend` the checkpoint of each of its appends. */
  observingAppends(onAppend: (checkpoint: Checkpoint) => void): ProcessRuntime;
}

/** A stream the plan was decided on has moved since: plan again on what the store says now. */
export class StalePlanError extends Error {
  constructor(readonly streamId: string) {
    super(`The plan rested on an old state of ${streamId}`);
    this.name = 'StalePlanError';
  }
}
