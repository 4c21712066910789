// The live-update websocket at /ws (spec doc 3): authenticated by the session cookie, closed with
// 4401 when signed out; a ping every 30 s drops sockets whose peer went away without closing.
import type { FastifyInstance } from 'fastify';
import type { ChangeHub, HubClient } from '../plugins/change-hub.js';

const PING_INTERVAL_MS = 30_000;

export const wsRoutes = async (app: FastifyInstance, opts: { hub: ChangeHub; isAdmin: (email: string) => boolean }) => {
  const { hub } = opts;
  const alive = new WeakMap<HubClient, boolean>();
  const clients = new Set<HubClient>();

  const timer = setInterval(() => {
    for (const client of clients) {
      if (alive.get(client) === false) {
        client.socket.terminate();
        continue;
      }
      alive.set(client, false);
      client.socket.ping();
    }
  }, PING_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    for (const client of clients) client.socket.close(1001, 'Server shutting down');
  });

  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const session = request.session;
    if (!session) {
      socket.close(4401, 'Not signed in');
      return;
    }
    const client: HubClient = { memberId: session.memberId, isAdmin: opts.isAdmin(session.email), socket, posts: new Set() };
    hub.add(client);
    clients.add(client);
    alive.set(client, true);
    socket.on('pong', () => alive.set(client, true));
    socket.on('message', (data, isBinary) => {
      if (isBinary) {
        request.log.warn('websocket: ignored a binary message');
        return;
      }
      hub.receive(client, data.toString());
    });
    socket.on('close', () => {
      hub.remove(client);
      clients.delete(client);
    });
    // Lets a client (and a test) know the socket is registered and notices will arrive.
    socket.send(JSON.stringify({ type: 'connected', memberId: session.memberId }));
  });
};
