// A peer for the real EventStoreDB client that is not a working server: an HTTP/2 server that
// accepts gRPC calls and, unless told otherwise, never answers them (a stalled node). It answers the
// first call (the store's start-up probe: an empty read) and the client's feature query (with a
// server version, or "unimplemented" as a server before 21.10 does), so that a store can open on it.
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
// The client's own protobuf message, to answer its feature query as a server would.
import { SupportedMethods } from '@eventstore/db-client/generated/serverfeatures_pb.js';

/** Started servers, to close after each test (`closeServers`). */
const servers: http2.Http2Server[] = [];

export const closeServers = async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
};

export const listen = async (server: http2.Http2Server): Promise<number> => {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

/** One gRPC message on the wire: not compressed, its length, its bytes. */
export const grpcFrame = (message: Uint8Array) => {
  const header = Buffer.alloc(5);
  header.writeUInt32BE(message.length, 1);
  return Buffer.concat([header, message]);
};

/**
 * Answers the first call with an empty success and the feature query with `version` (null:
 * UNIMPLEMENTED). Of the calls after those, the n-th ends with gRPC status `later[n]` when given, and
 * every other call stalls.
 */
export const stallingServer = (version: string | null = '24.10.0', later: readonly number[] = []) => {
  const calls: { path: string; closedWith: number | null; request: Buffer[] }[] = [];
  const connections = { open: 0, closed: 0 };
  const server = http2.createServer();
  server.on('session', (session) => {
    connections.open++;
    session.on('close', () => void connections.closed++);
  });
  server.on('stream', (stream, headers) => {
    const call = { path: String(headers[':path']).replace('/event_store.client.', ''), closedWith: null as number | null, request: [] as Buffer[] };
    calls.push(call);
    stream.on('data', (chunk: Buffer) => void call.request.push(chunk));
    stream.on('error', () => {});
    stream.on('close', () => void (call.closedWith = stream.rstCode));
    const features = call.path.startsWith('server_features.');
    const afterOpen = calls.filter((c) => !c.path.startsWith('server_features.')).length - 2;
    const grpcStatus = calls.length === 1 ? 0 : features ? (version === null ? 12 : 0) : (later[afterOpen] ?? null);
    if (grpcStatus === null) return;
    stream.respond({ ':status': 200, 'content-type': 'application/grpc+proto' }, { waitForTrailers: true });
    stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': String(grpcStatus) }));
    if (features && version !== null) stream.end(grpcFrame(new SupportedMethods().setEventStoreServerVersion(version).serializeBinary()));
    else stream.end();
  });
  return { server, calls, connections };
};
