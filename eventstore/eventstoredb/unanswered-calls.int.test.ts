// An open EventStoreDB store, with the real client, whose server stops answering (stalling-peer.ts):
// the adapter must give up at its own deadline (the client sets none on reads), cancel the calls it
// leaves, say whether an append may have been written, read before an 'any' append, and subscribe again
// when the server drops a subscription.
import http2 from 'node:http2';
import { afterEach, describe, expect, it } from 'vitest';
import { ReadReq } from '@eventstore/db-client/generated/streams_pb.js';
import { createEventStoreDbEventStore } from '../eventstoredb-event-store.js';
import { StoreUnavailableError } from '../types.js';
import type { EventToAppend } from '../types.js';
import { closeServers, listen, stallingServer } from './stalling-peer.js';

afterEach(closeServers);

const event = (): EventToAppend => ({
  type: 'ThingHappened',
  data: {},
  metadata: {
    eventId: '0b6f4a52-2f44-4d47-9d40-8a1f3f0e6a01',
    occurredAt: '2026-01-01T00:00:00.000Z',
    actorId: null,
    correlationId: 'c',
    causationId: null,
    schemaVersion: 1,
  },
});

describe('an open EventStoreDB store whose server stops answering', () => {
  it('gives up on a read at the read deadline, after one retry, cancelling each attempt while the store stays open', async () => {
    const { server, calls } = stallingServer();
    const port = await listen(server);
    const store = await createEventStoreDbEventStore({ url: `esdb://127.0.0.1:${port}?tls=false`, readDeadlineMs: 300, retries: 1 });
    expect(calls.map((c) => c.path)).toEqual(['streams.Streams/Read', 'server_features.ServerFeatures/GetSupportedMethods']);
    try {
      const error = await store.readStream('things-1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect((error as StoreUnavailableError).outcome).toBe('not-written');
      expect((error as Error).message).toBe('EventStoreDB: reading things-1 failed 2 times (reading things-1: no answer within 300 ms)');
      await expect
        .poll(() => calls.slice(2).map((c) => [c.path, c.closedWith]), { timeout: 2_000 })
        .toEqual([
          ['streams.Streams/Read', http2.constants.NGHTTP2_CANCEL],
          ['streams.Streams/Read', http2.constants.NGHTTP2_CANCEL],
        ]);
    } finally {
      await store.close();
    }
  });

  it('reports an append that never got an answer as of unknown outcome, after resending it once', async () => {
    const { server, calls } = stallingServer();
    const port = await listen(server);
    const store = await createEventStoreDbEventStore({ url: `esdb://127.0.0.1:${port}?tls=false&defaultDeadline=400`, retries: 1 });
    try {
      const error = await store.append('things-2', [event()], { expectedRevision: 3n }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect((error as StoreUnavailableError).outcome).toBe('unknown');
      expect((error as Error).message).toMatch(
        /^EventStoreDB: appending to things-2 failed 2 times \(.*DEADLINE_EXCEEDED.*\); the events may have been written: retry with the same event ids to find out$/,
      );
      expect(calls.filter((c) => c.path === 'streams.Streams/Append')).toHaveLength(2);
    } finally {
      await store.close();
    }
    await expect(store.readStream('things-2')).rejects.toThrow('The EventStoreDB event store is closed');
  });

  it("reads the stream's end before an 'any' append, so an unanswered read leaves nothing written", async () => {
    const { server, calls } = stallingServer();
    const port = await listen(server);
    const store = await createEventStoreDbEventStore({ url: `esdb://127.0.0.1:${port}?tls=false`, readDeadlineMs: 300, retries: 1 });
    try {
      const error = await store.append('things-3', [event()], { expectedRevision: 'any' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect((error as StoreUnavailableError).outcome).toBe('not-written');
      expect((error as Error).message).toMatch(/^EventStoreDB: reading the end of things-3 failed 2 times/);
      expect(calls.slice(2).map((c) => c.path)).toEqual(['streams.Streams/Read', 'streams.Streams/Read']);
    } finally {
      await store.close();
    }
  });

  it('holds one live subscription for onAppended while anyone listens, and cancels it with the last listener', async () => {
    const { server, calls } = stallingServer();
    const port = await listen(server);
    const store = await createEventStoreDbEventStore({ url: `esdb://127.0.0.1:${port}?tls=false` });
    try {
      const stopFirst = store.onAppended(() => {});
      const stopSecond = store.onAppended(() => {});
      await expect.poll(() => calls.slice(2).map((c) => [c.path, c.closedWith]), { timeout: 2_000 }).toEqual([['streams.Streams/Read', null]]);
      stopFirst();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(calls[2]!.closedWith).toBeNull();
      stopSecond();
      await expect.poll(() => calls[2]!.closedWith, { timeout: 2_000 }).toBe(http2.constants.NGHTTP2_CANCEL);
      expect(calls).toHaveLength(3);
    } finally {
      await store.close();
    }
  });

  it('subscribes to $all again from where it stood when the server drops the subscription', async () => {
    const UNAVAILABLE = 14;
    const { server, calls } = stallingServer('24.10.0', [UNAVAILABLE]);
    const port = await listen(server);
    const store = await createEventStoreDbEventStore({ url: `esdb://127.0.0.1:${port}?tls=false` });
    const stop = new AbortController();
    const warnings: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
    try {
      const reading = (async () => {
        for await (const event of store.subscribeAll({ from: 'esdb:120:120', signal: stop.signal })) void event;
      })();
      await expect
        .poll(() => calls.slice(2).map((c) => [c.path, c.closedWith]), { timeout: 5_000 })
        .toEqual([
          ['streams.Streams/Read', 0],
          ['streams.Streams/Read', null],
        ]);
      stop.abort();
      await reading;
      const fromPositions = calls.slice(2).map((c) => {
        const all = ReadReq.deserializeBinary(Buffer.concat(c.request).subarray(5)).getOptions()?.getAll();
        return all?.getPosition()?.getCommitPosition();
      });
      expect(fromPositions).toEqual(['120', '120']);
      expect(warnings).toEqual([expect.stringMatching(/^EventStoreDB: subscription to \$all interrupted, resubscribing \(14 UNAVAILABLE/)]);
    } finally {
      console.warn = warn;
      await store.close();
    }
  });
});
