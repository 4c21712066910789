// The live-update websocket at /ws (spec doc 3): authenticated by the session cookie, closed with
// 4401 when signed out. A socket belongs to its sign-in session: revoking the session closes it at once
// (in this process directly, in others on the revocation's NOTIFY), and the 30 s ping round, like any
// message the client sends, checks the session again, so a session that expired (idle or too old) or
// whose revocation notice was lost closes its sockets within that round. The ping also drops sockets
// whose peer went away without closing. A socket sending more frames than WS_FRAME_BURST and
// WS_FRAMES_PER_SECOND allow is closed with 1008 (contracts/live.ts).
import type { FastifyInstance } from 'fastify';
import type { Revocation, SessionMember, SessionStore } from '../auth/session-store.js';
import { WS_TOO_MANY_MESSAGES } from '../contracts/live.js';
import type { ChangeHub, HubClient } from '../plugins/change-hub.js';
import { createSocketConduct } from '../plugins/socket-conduct.js';

const PING_INTERVAL_MS = 30_000;
const SIGNED_OUT = 4401;

interface WsOptions {
  hub: ChangeHub;
  sessions: SessionStore;
}

export const wsRoutes = async (app: FastifyInstance, opts: WsOptions) => {
  const { hub, sessions } = opts;
  const alive = new WeakMap<HubClient, boolean>();
  const sessionOf = new Map<HubClient, SessionMember>();

  const signOut = (client: HubClient) => {
    if (!sessionOf.delete(client)) return;
    client.socket.close(SIGNED_OUT, 'Signed out');
  };
  // Sessions end rarely, so finding their sockets by scanning is cheaper than keeping an index.
  sessions.onRevoked((revocation: Revocation) => {
    for (const [client, session] of sessionOf) {
      if ('sessionKey' in revocation ? session.sessionKey === revocation.sessionKey : session.memberId === revocation.memberId) signOut(client);
    }
  });
  const recheck = async (client: HubClient, session: SessionMember) => {
    const live = await sessions.find(session.sessionKey, { touch: false }).catch(() => session);
    if (live === null) signOut(client);
  };

  const timer = setInterval(() => {
    for (const [client, session] of sessionOf) {
      if (alive.get(client) === false) {
        client.socket.terminate();
        continue;
      }
      alive.set(client, false);
      client.socket.ping();
      void recheck(client, session);
    }
  }, PING_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    for (const client of sessionOf.keys()) client.socket.close(1001, 'Server shutting down');
  });

  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const session = request.session;
    if (!session) {
      socket.close(SIGNED_OUT, 'Not signed in');
      return;
    }
    const client: HubClient = { memberId: session.memberId, isAdmin: request.isAdmin, socket, topics: new Set() };
    hub.add(client);
    sessionOf.set(client, session);
    alive.set(client, true);
    socket.on('pong', () => alive.set(client, true));
    // Frames past the socket's allowance close it (1008); what it did wrong is logged once, at close.
    const conduct = createSocketConduct(request.log, session.memberId);
    let refused = false;
    socket.on('message', (data, isBinary) => {
      if (refused) return;
      if (!conduct.take()) {
        refused = true;
        conduct.flooded();
        socket.close(WS_TOO_MANY_MESSAGES, 'Too many messages');
        return;
      }
      if (isBinary) return conduct.ignored('binary');
      // A message is acted on only for a session that still lives (expiry is checked on the clock).
      void sessions.find(session.sessionKey, { touch: false }).then(
        (live) => {
          if (live === null) return signOut(client);
          const ignored = hub.receive(client, data.toString());
          if (ignored !== null) conduct.ignored(ignored);
        },
        (error: unknown) => request.log.warn({ err: error }, 'websocket: session check failed'),
      );
    });
    socket.on('close', () => {
      hub.remove(client);
      sessionOf.delete(client);
      conduct.closed();
    });
    // Lets a client (and a test) know the socket is registered and notices will arrive.
    socket.send(JSON.stringify({ type: 'connected', memberId: session.memberId }));
  });
};
