// Deciding on remembered states (docs/decisions.md 34): a command that reads several streams to
// decide a write to others (the booking reads both members and the student's ledger) may decide on
// the states this process remembers, without a read, where the store checks at the write that those
// streams have not moved (appendMany's `unchanged`, atomic stores only). A refusal on remembered
// states is never given as it is (the mentor may have added the hour, the student received points),
// and a write that finds a remembered stream moved (StalePlanError) is planned again: both times on
// states read now.
import { DomainError } from '../../domain/shared.js';
import type { UnchangedStream } from '../../eventstore/types.js';
import { StalePlanError, type AnyDecider, type LoadedStream, type PlanStates, type PlanStreams, type StreamStates } from './types.js';

type States<W extends Record<string, AnyDecider>> = PlanStates<W>['states'];

const remembered = <W extends Record<string, AnyDecider>>(streams: StreamStates, wanted: PlanStreams<W>): PlanStates<W> | null => {
  const states: Record<string, Map<string, LoadedStream<unknown>>> = {};
  const unchanged: UnchangedStream[] = [];
  for (const [name, { decider, streamIds }] of Object.entries(wanted)) {
    const known = streams.remembered(decider, streamIds);
    if (!known) return null;
    states[name] = known;
    for (const [streamId, { revision }] of known) if (revision !== null) unchanged.push({ streamId, revision });
  }
  return { states: states as States<W>, unchanged };
};

const readNow = async <W extends Record<string, AnyDecider>>(streams: StreamStates, wanted: PlanStreams<W>): Promise<PlanStates<W>> => {
  // Read together: the store groups calls made at once into one round trip.
  const entries = Object.entries(wanted);
  const loaded = await Promise.all(entries.map(([, { decider, streamIds }]) => streams.load(decider, streamIds)));
  return { states: Object.fromEntries(entries.map(([name], index) => [name, loaded[index]!])) as States<W>, unchanged: undefined };
};

export const planOn = async <W extends Record<string, AnyDecider>, P, T>(
  streams: StreamStates,
  checksUnchanged: boolean,
  wanted: PlanStreams<W>,
  decide: (plan: PlanStates<W>) => P | Promise<P>,
  write: (decided: P, plan: PlanStates<W>) => Promise<T>,
): Promise<T> => {
  const known = checksUnchanged ? remembered(streams, wanted) : null;
  if (known) {
    let decided: P | undefined;
    try {
      decided = await decide(known);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
    if (decided !== undefined) {
      try {
        return await write(decided, known);
      } catch (error) {
        if (!(error instanceof StalePlanError)) throw error;
      }
    }
  }
  const read = await readNow(streams, wanted);
  return write(await decide(read), read);
};
