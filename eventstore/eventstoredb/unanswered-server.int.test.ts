// The real EventStoreDB client against peers that are not a working server: nothing listening, and an
// HTTP/2 server that accepts gRPC calls and never answers them (a stalled node), except, where a test
// needs the store open, the first call (the start-up probe: an empty read) and the client's feature
// query (answered with a server version, or "unimplemented" as by a server before 21.10). The adapter must give up at its own deadline
// (the client sets none on reads), cancel the calls it leaves, and say whether an append may have
// been written.
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
// The client's own protobuf messages, to answer its feature query as a server would.
import { SupportedMethods } from '@eventstore/db-client/generated/serverfeatures_pb.js';
import { createEventStoreDbEventStore } from '../eventstoredb-event-store.js';
import { StoreUnavailableError } from '../types.js';
import type { EventToAppend } from '../types.js';

const servers: http2.Http2Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

const listen = async (server: http2.Http2Server): Promise<number> => {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

describe('opening the EventStoreDB store without a working server', () => {
  it('refuses at once when nothing listens, naming the URL without its password and the TLS default', async () => {
    const server = http2.createServer();
    const port = await listen(server);
    await new Promise((resolve) => server.close(resolve));
    servers.pop();
    const started = Date.now();
    const error = await createEventStoreDbEventStore({ url: `esdb://admin:secret@127.0.0.1:${port}`, probeMs: 5_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toContain(`EventStoreDB at esdb://admin:***@127.0.0.1:${port} did not answer`);
    expect(message).not.toContain('secret');
    expect(message).toContain('add ?tls=false');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('gives up on a server that never answers at the deadline, cancels the call it leaves and disconnects', async () => {
    const calls: { path: string; closedWith: number | null }[] = [];
    const connections = { open: 0, closed: 0 };
    const server = http2.createServer();
    server.on('session', (session) => {
      connections.open++;
      session.on('close', () => void connections.closed++);
    });
    server.on('stream', (stream, headers) => {
      const call = { path: String(headers[':path']), closedWith: null as number | null };
      calls.push(call);
      stream.on('close', () => void (call.closedWith = stream.rstCode));
    });
    const port = await listen(server);
    const started = Date.now();
    const error = await createEventStoreDbEventStore({ url: `esdb://127.0.0.1:${port}?tls=false`, probeMs: 1_000 }).catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect((error as Error).message).toBe(`EventStoreDB at esdb://127.0.0.1:${port}?tls=false did not answer: probing EventStoreDB: no answer within 1000 ms`);
    expect(elapsed).toBeGreaterThanOrEqual(1_000);
    expect(elapsed).toBeLessThan(3_000);
    await expect.poll(() => calls.map((c) => [c.path, c.closedWith]), { timeout: 2_000 }).toEqual([
      ['/event_store.client.streams.Streams/Read', http2.constants.NGHTTP2_CANCEL],
    ]);
    await expect.poll(() => connections, { timeout: 2_000 }).toEqual({ open: 1, closed: 1 });
  });
});

/** One gRPC message on the wire: not compressed, its length, its bytes. */
const grpcFrame = (message: Uint8Array) => Buffer.concat([Buffer.from([0, ...new Uint8Array(new Uint32Array([message.length]).buffer).reverse()]), message]);

/**
 * Answers the first call with an empty success and the feature query with `version` (null:
 * UNIMPLEMENTED); stalls the rest.
 */
const stallingServer = (version: string | null = '24.10.0') => {
  const calls: { path: string; closedWith: number | null }[] = [];
  const connections = { open: 0, closed: 0 };
  const server = http2.createServer();
  server.on('session', (session) => {
    connections.open++;
    session.on('close', () => void connections.closed++);
  });
  server.on('stream', (stream, headers) => {
    const call = { path: String(headers[':path']).replace('/event_store.client.', ''), closedWith: null as number | null };
    calls.push(call);
    stream.on('error', () => {});
    stream.on('close', () => void (call.closedWith = stream.rstCode));
    const features = call.path.startsWith('server_features.');
    const grpcStatus = calls.length === 1 ? 0 : features ? (version === null ? 12 : 0) : null;
    if (grpcStatus === null) return;
    stream.respond({ ':status': 200, 'content-type': 'application/grpc+proto' }, { waitForTrailers: true });
    stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': String(grpcStatus) }));
    if (features && version !== null) stream.end(grpcFrame(new SupportedMethods().setEventStoreServerVersion(version).serializeBinary()));
    else stream.end();
  });
  return { server, calls, connections };
};

const event = (): EventToAppend => ({
  type: 'ThingHappened',
  data: {},
  metadata: { eventId: '0b6f4a52-2f44-4d47-9d40-8a1f3f0e6a01', occurredAt: '2026-01-01T00:00:00.000Z', actorId: null, correlationId: 'c', causationId: null, schemaVersion: 1 },
});

describe('an open EventStoreDB store whose server stops answering', () => {
  it('gives up on a read at the read deadline, after one retry, cancelling each attempt while the store stays open', async () => {
    const { server, calls } = stallingServer();
    const port = await listen(server);
    const store = await createEventStoreDbEventStore({ url: `esdb://127.0.0.1:${port}?tls=false`, readDeadlineMs: 300, retries: 1 });
    expect(calls.map((c) => c.path)).toEqual(['streams.Streams/Read', 'server_features.ServerFeatures/GetSupportedMethods']);
    try {
      const started = Date.now();
      const error = await store.readStream('things-1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect((error as StoreUnavailableError).outcome).toBe('not-written');
      expect((error as Error).message).toBe('EventStoreDB: reading things-1 failed 2 times (reading things-1: no answer within 300 ms)');
      expect(Date.now() - started).toBeLessThan(2_000);
      await expect.poll(() => calls.slice(2).map((c) => [c.path, c.closedWith]), { timeout: 2_000 }).toEqual([
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
      expect((error as Error).message).toMatch(/^EventStoreDB: appending to things-2 failed 2 times \(.*DEADLINE_EXCEEDED.*\); the events may have been written: retry with the same event ids to find out$/);
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

  it('refuses to open on a server older than 22.6, or one that does not tell its version, and disconnects', async () => {
    for (const version of ['22.4.1', null]) {
      const { server, connections } = stallingServer(version);
      const port = await listen(server);
      const error = await createEventStoreDbEventStore({ url: `esdb://127.0.0.1:${port}?tls=false` }).catch((e: unknown) => e);
      expect((error as Error).message).toBe(
        version === null
          ? 'EventStoreDB did not tell its version (unknown), as servers before 21.10 do not: this adapter needs 22.6 or later'
          : 'EventStoreDB 22.4.1 is older than 22.6, which this adapter needs',
      );
      await expect.poll(() => connections, { timeout: 2_000 }).toEqual({ open: 1, closed: 1 });
    }
  });
});
