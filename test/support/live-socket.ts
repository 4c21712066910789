// A test's websocket to /ws: every message kept (with the time it arrived), and `next` to wait for the
// first one, already received or coming, that matches.
import WebSocket from 'ws';

export interface LiveSocket {
  ws: WebSocket;
  /** Every message in the order it arrived. */
  messages: any[];
  /** When each message arrived (ms, performance.now()), by the same index as `messages`. */
  arrivals: number[];
  next(match: (m: any) => boolean, timeoutMs?: number): Promise<any>;
  close(): void;
}

/** Resolves once the socket is open (before the server's 'connected'). */
export const openSocket = (url: string, headers: Record<string, string>, defaultTimeoutMs = 5000): Promise<LiveSocket> =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, { headers });
    const messages: any[] = [];
    const arrivals: number[] = [];
    const waiters = new Set<{ match: (m: any) => boolean; resolve: (m: any) => void }>();
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString());
      messages.push(message);
      arrivals.push(performance.now());
      for (const w of waiters)
        if (w.match(message)) {
          waiters.delete(w);
          w.resolve(message);
        }
    });
    const socket: LiveSocket = {
      ws,
      messages,
      arrivals,
      next: (match, timeoutMs = defaultTimeoutMs) =>
        new Promise((res, rej) => {
          const seen = messages.find(match);
          if (seen) return res(seen);
          const timer = setTimeout(() => rej(new Error(`no matching message; got ${JSON.stringify(messages)}`)), timeoutMs);
          waiters.add({ match, resolve: (m) => (clearTimeout(timer), res(m)) });
        }),
      close: () => ws.terminate(),
    };
    ws.once('open', () => resolve(socket));
    ws.once('error', reject);
  });

/** A member's socket, once the server said it is registered ('connected'): notices reach it from then on. */
export const connectSocket = async (url: string, member: { cookie: string }, defaultTimeoutMs?: number): Promise<LiveSocket> => {
  const socket = await openSocket(url, { cookie: member.cookie }, defaultTimeoutMs);
  await socket.next((m) => m.type === 'connected');
  return socket;
};

/**
 * Sends the messages, then a ping; resolves at its pong, when the server has taken every one of them
 * (it reads a socket's messages in order) and anything it sent this socket before has arrived.
 */
export const sendAndPing = async (socket: LiveSocket, ...messages: object[]) => {
  const pongs = socket.messages.filter((m) => m.type === 'pong').length;
  for (const message of messages) socket.ws.send(JSON.stringify(message));
  socket.ws.send(JSON.stringify({ type: 'ping' }));
  await socket.next((m) => m.type === 'pong' && socket.messages.filter((x) => x.type === 'pong').length > pongs);
};

/** Subscribes to a post; resolves once the server has taken the subscription (its pong comes after). */
export const subscribePost = (socket: LiveSocket, postId: string) => sendAndPing(socket, { type: 'subscribe_post', postId });

/** Unsubscribes from a post; resolves once the server has taken it. */
export const unsubscribePost = (socket: LiveSocket, postId: string) => sendAndPing(socket, { type: 'unsubscribe_post', postId });

/**
 * Resolves once each socket has heard one more message matching `match` than it had when called:
 * `announce` makes a notice that reaches every one of them, and since notices reach a socket in the
 * order the server heard of them, whatever was due to it before has arrived too. This is the
 * acknowledgement a check that something did NOT arrive waits for, instead of a fixed sleep.
 */
export const heardAfter = async (sockets: LiveSocket[], match: (m: any) => boolean, announce: () => Promise<unknown>) => {
  const count = (socket: LiveSocket) => socket.messages.filter(match).length;
  const before = sockets.map(count);
  await announce();
  await Promise.all(sockets.map((socket, i) => socket.next((m) => match(m) && count(socket) > before[i]!)));
};
