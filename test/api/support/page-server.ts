// Small HTTP servers for the link-preview tests: each counts the TCP connections it accepts, so a test
// can prove the previewer never connected to it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PageServer {
  port: number;
  /** host:port as a URL writes it. */
  origin: string;
  /** TCP connections accepted so far. */
  connections(): number;
  /** Bytes of response bodies written so far. */
  written(): number;
  close(): Promise<void>;
}

export type PageHandler = (request: http.IncomingMessage, response: http.ServerResponse, count: (bytes: number) => void) => void;

export const startPageServer = async (host: string, handler: PageHandler): Promise<PageServer> => {
  let connections = 0;
  let written = 0;
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((request, response) => handler(request, response, (bytes) => (written += bytes)));
  server.on('connection', (socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `${host.includes(':') ? `[${host}]` : host}:${port}`,
    connections: () => connections,
    written: () => written,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};

export const html = (head: string, body = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
