// Appends to EventStoreDB with every expectation the port knows, idempotent by event id, retried on
// transient failures. What the server is sent is always an exact revision or no_stream (see
// idempotent-append.ts for why): those are the writes it recognises again, durably, by their ids.
import { MaxAppendSizeExceededError, NO_STREAM, StreamDeletedError, WrongExpectedVersionError as EsdbWrongExpectedVersionError, jsonEvent } from '@eventstore/db-client';
import type { EventData, EventStoreDBClient, JSONType } from '@eventstore/db-client';
import { WrongExpectedVersionError } from '../types.js';
import type { AppendResult, EventToAppend, ExpectedRevision } from '../types.js';
import { toEsdbCheckpoint } from './checkpoints.js';
import { pause, withRetries } from './failures.js';
import { planAppend, type StreamTail } from './idempotent-append.js';
import { toStoredMetadata } from './metadata.js';
import { readStoredIds, readStreamEvents, readTail, type ReadSettings } from './reads.js';

export interface AppendSettings extends ReadSettings {
  /** How many of a stream's last events an 'any' / 'stream_exists' append looks through for its ids. */
  idempotencyWindow: number;
  /** Largest append accepted, in bytes of data and metadata (the server's MaxAppendSize defaults to 1 MiB). */
  maxAppendBytes: number;
}

/**
 * An 'any' append that loses to other writers this many times in a row gives up with a conflict (a
 * stream hotter than any here). Each round after a loss costs one read of the newer events and one
 * append, with a short jittered pause, so rounds are cheap and ties break quickly.
 */
const MAX_RACES = 50;

/** Data plus metadata of an append, the part of the server's MaxAppendSize that grows with the caller's input. */
export const appendBytes = (events: readonly EventToAppend[]): number =>
  events.reduce((sum, e) => sum + Buffer.byteLength(JSON.stringify(e.data) ?? '') + Buffer.byteLength(JSON.stringify(e.metadata)) + Buffer.byteLength(e.type), 0);

/** Refuses an append the server would refuse, before anything is written (appendMany checks all first). */
export function checkAppendSize(streamId: string, events: readonly EventToAppend[], maxAppendBytes: number): void {
  const bytes = appendBytes(events);
  if (bytes > maxAppendBytes) {
    throw new Error(`Append to ${streamId} is ${bytes} bytes, over the ${maxAppendBytes} bytes EventStoreDB accepts in one append (MaxAppendSize)`);
  }
}

const toEventData = (events: readonly EventToAppend[]): EventData[] =>
  events.map((e) => jsonEvent({ id: e.metadata.eventId, type: e.type, data: e.data as JSONType, metadata: toStoredMetadata(e.metadata) as JSONType }));

type Sent = { written: AppendResult } | { conflict: bigint | 'no_stream' };

async function send(client: EventStoreDBClient, settings: AppendSettings, streamId: string, data: EventData[], at: bigint | 'no_stream'): Promise<Sent> {
  try {
    const result = await withRetries(
      `appending to ${streamId}`,
      settings.retry,
      () => client.appendToStream(streamId, data, { expectedRevision: at === 'no_stream' ? NO_STREAM : at }),
      { writes: true },
    );
    // Only with throwOnAppendFailure=false, which connection.ts refuses: never a silent success.
    if (!result.success) throw new Error(`EventStoreDB refused the append to ${streamId} without an error`);
    const checkpoint = result.position ? toEsdbCheckpoint(result.position) : await checkpointOf(client, settings, streamId, result.nextExpectedRevision);
    return { written: { nextExpectedRevision: result.nextExpectedRevision, checkpoint } };
  } catch (error) {
    if (error instanceof EsdbWrongExpectedVersionError) {
      const actual = error.actualVersion;
      return { conflict: typeof actual === 'bigint' ? actual : actual === NO_STREAM ? 'no_stream' : BigInt(actual) };
    }
    if (error instanceof StreamDeletedError) throw new Error(`Stream ${streamId} is deleted in EventStoreDB: nothing was appended`, { cause: error });
    if (error instanceof MaxAppendSizeExceededError) {
      throw new Error(`Append to ${streamId} is over the server's MaxAppendSize (${error.maxAppendSize} bytes)`, { cause: error });
    }
    throw error;
  }
}

/** The checkpoint of the event at `revision` (an idempotent answer may come without a position). */
async function checkpointOf(client: EventStoreDBClient, settings: ReadSettings, streamId: string, revision: bigint): Promise<string> {
  const [event] = await readStreamEvents(client, settings, streamId, revision, revision);
  if (!event) throw new Error(`EventStoreDB: ${streamId}@${revision} is not readable, so its checkpoint is unknown`);
  return event.checkpoint;
}

export async function appendEvents(
  client: EventStoreDBClient,
  settings: AppendSettings,
  streamId: string,
  events: readonly EventToAppend[],
  expected: ExpectedRevision,
): Promise<AppendResult> {
  checkAppendSize(streamId, events, settings.maxAppendBytes);
  const data = toEventData(events);
  if (typeof expected === 'bigint' || expected === 'no_stream') {
    // The server itself answers a resent append at an exact revision with the original result.
    const sent = await send(client, settings, streamId, data, expected);
    if ('conflict' in sent) throw new WrongExpectedVersionError(streamId, expected, sent.conflict);
    return sent.written;
  }
  const ids = events.map((e) => e.metadata.eventId);
  let tail: StreamTail | null = await readTail(client, settings, streamId, settings.idempotencyWindow, ids);
  for (let race = 0; ; race++) {
    const plan = planAppend(expected, tail, ids);
    if (plan.action === 'answer') {
      return { nextExpectedRevision: plan.lastRevision, checkpoint: await checkpointOf(client, settings, streamId, plan.lastRevision) };
    }
    if (plan.action === 'conflict') throw new WrongExpectedVersionError(streamId, expected, plan.actual);
    const sent = await send(client, settings, streamId, data, plan.at);
    if ('written' in sent) return sent.written;
    if (race >= MAX_RACES) throw new WrongExpectedVersionError(streamId, expected, sent.conflict);
    // Another writer came first, perhaps with these very events (a process and the reconciler
    // repeating the same step): look at what it wrote before trying again on top of it.
    if (sent.conflict === 'no_stream') {
      tail = null;
    } else {
      const from = plan.at === 'no_stream' ? 0n : plan.at + 1n;
      const newer = await readStoredIds(client, settings, streamId, from, sent.conflict);
      tail = { revision: sent.conflict, events: [...(tail?.events ?? []), ...newer] };
    }
    await pause(Math.random() * Math.min(50, 2 * (race + 1)));
  }
}
