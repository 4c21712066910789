// The child process of the comment fan-out bench: it holds one websocket per member, subscribed to the
// post, and reports when every socket received a comment, with each arrival's time on the machine's
// clock (performance.timeOrigin + now, comparable across processes). In its own process so that 2,000
// sockets' parsing does not share the event loop of the parent that times the comment's request.
import WebSocket from 'ws';

interface Start {
  type: 'start';
  wsUrl: string;
  origin: string;
  cookies: string[];
  postId: string;
}

const now = () => performance.timeOrigin + performance.now();
const arrivals = new Map<string, number[]>();
let expected = 0;

const open = (start: Start, cookie: string) =>
  new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(start.wsUrl, { headers: { cookie, origin: start.origin } });
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { type: string; comment?: { id: string } };
      if (message.type === 'connected') {
        socket.send(JSON.stringify({ type: 'subscribe_post', postId: start.postId }));
        // The server handles a socket's messages in order: the pong says the subscription is in place.
        socket.send(JSON.stringify({ type: 'ping' }));
      } else if (message.type === 'pong') {
        resolve(socket);
      } else if (message.type === 'new_comment' && message.comment) {
        const at = now();
        const list = arrivals.get(message.comment.id) ?? [];
        list.push(at);
        arrivals.set(message.comment.id, list);
        if (list.length === expected) process.send!({ type: 'arrived', commentId: message.comment.id, times: list });
      }
    });
    socket.once('error', reject);
  });

process.on('message', (message: Start | { type: 'stop' }) => {
  if (message.type === 'stop') process.exit(0);
  const start = message;
  expected = start.cookies.length;
  void (async () => {
    const sockets: WebSocket[] = [];
    for (let i = 0; i < start.cookies.length; i += 100) sockets.push(...(await Promise.all(start.cookies.slice(i, i + 100).map((cookie) => open(start, cookie)))));
    process.send!({ type: 'ready', sockets: sockets.length });
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
