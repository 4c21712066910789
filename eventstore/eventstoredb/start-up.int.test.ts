// Opening the EventStoreDB store with the real client on peers that are not a working server: nothing
// listening, a server that never answers, servers too old or silent about their version. The store
// must refuse quickly and clearly, and leave no call or connection open behind it.
import http2 from 'node:http2';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventStoreDbEventStore } from '../eventstoredb-event-store.js';
import { closeServers, listen, stallingServer } from './stalling-peer.js';

afterEach(closeServers);

describe('opening the EventStoreDB store without a working server', () => {
  it('refuses at once when nothing listens, naming the URL without its password and the TLS default', async () => {
    const port = await listen(http2.createServer());
    await closeServers(); // the port was just free: nothing listens on it now
    const error = await createEventStoreDbEventStore({ url: `esdb://admin:secret@127.0.0.1:${port}`, probeMs: 5_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toContain(`EventStoreDB at esdb://admin:***@127.0.0.1:${port} did not answer`);
    expect(message).not.toContain('secret');
    expect(message).toContain('add ?tls=false');
    // At once: refused by the connection, not given up on at the probe's deadline.
    expect(message).not.toContain('no answer within');
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
    const error = await createEventStoreDbEventStore({ url: `esdb://127.0.0.1:${port}?tls=false`, probeMs: 1_000 }).catch((e: unknown) => e);
    expect((error as Error).message).toBe(`EventStoreDB at esdb://127.0.0.1:${port}?tls=false did not answer: probing EventStoreDB: no answer within 1000 ms`);
    await expect
      .poll(() => calls.map((c) => [c.path, c.closedWith]), { timeout: 2_000 })
      .toEqual([['/event_store.client.streams.Streams/Read', http2.constants.NGHTTP2_CANCEL]]);
    await expect.poll(() => connections, { timeout: 2_000 }).toEqual({ open: 1, closed: 1 });
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
