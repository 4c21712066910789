// The websocket's frame allowance (issue 29 item 4): a real client flooding the real server is closed
// with 1008 after the burst, and the server's log gets one line for the socket, not one per frame.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_FRAME_BURST, WS_FRAMES_PER_SECOND, WS_TOO_MANY_MESSAGES } from '../../api/contracts/live.js';
import { eventually } from '../support/assistant-fixtures.js';
import { connectSocket, subscribePost, type LiveSocket } from '../support/live-socket.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

describe('the websocket frame limit', () => {
  let server: TestServer;
  let ann: ApiClient;
  const lines: { level: number; msg: string; memberId?: string; ignored?: Record<string, number>; flooded?: boolean }[] = [];
  const warningsAbout = (memberId: string) => lines.filter((l) => l.level >= 40 && l.memberId === memberId && l.msg.startsWith('websocket'));
  const closed = (socket: LiveSocket) => new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
  /** A ping answered on another socket: the server has handled what was sent before it. */
  const roundTrip = async (member: ApiClient) => {
    const other = await connectSocket(server.url, member);
    other.ws.send(JSON.stringify({ type: 'ping' }));
    await other.next((m) => m.type === 'pong');
    other.close();
  };

  beforeAll(async () => {
    server = await startTestServer({ logStream: { write: (line: string) => void lines.push(JSON.parse(line)) } });
    ann = await signIn(server.url, 'ann@example.com');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('closes a socket that floods it with junk frames (1008) and logs the socket once, not each frame', async () => {
    const bob = await signIn(server.url, 'bob@example.com');
    const socket = await connectSocket(server.url, bob);
    const code = closed(socket);
    for (let i = 0; i < 20_000; i++) socket.ws.send(`junk ${i}`);
    expect(await code).toBe(WS_TOO_MANY_MESSAGES);
    const [line] = await eventually(async () => (warningsAbout(bob.memberId).length > 0 ? warningsAbout(bob.memberId) : undefined), 10_000, 'the warning');
    expect(line).toMatchObject({ msg: 'websocket: closed a socket that sent too many messages', flooded: true });
    // The burst, and what the bucket refilled while the server read it (a frame per 50 ms; on a loaded
    // machine reading 250 frames took longer than that): never the 20,000 sent.
    expect(line!.ignored!['not JSON']).toBeLessThanOrEqual(WS_FRAME_BURST + WS_FRAMES_PER_SECOND);
    await roundTrip(bob);
    expect(warningsAbout(bob.memberId)).toHaveLength(1);
  });

  it('takes a burst as a reconnecting client sends it (200 subscriptions at once) without closing or logging', async () => {
    const socket = await connectSocket(server.url, ann);
    for (let i = 0; i < 199; i++) socket.ws.send(JSON.stringify({ type: 'subscribe_post', postId: `post-${i}` }));
    await subscribePost(socket, 'post-199');
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    const code = closed(socket);
    socket.ws.close(1000);
    expect(await code).toBe(1000);
    await roundTrip(ann);
    expect(warningsAbout(ann.memberId)).toEqual([]);
  });

  it('logs a socket whose messages were ignored once, when it closes, with the count of each kind', async () => {
    const cat = await signIn(server.url, 'cat@example.com');
    const socket = await connectSocket(server.url, cat);
    for (let i = 0; i < 3; i++) socket.ws.send('not json');
    socket.ws.send(JSON.stringify({ type: 'dance' }));
    socket.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    socket.ws.send(JSON.stringify({ type: 'ping' }));
    await socket.next((m) => m.type === 'pong');
    expect(warningsAbout(cat.memberId)).toEqual([]);
    socket.ws.close(1000);
    const [line] = await eventually(async () => (warningsAbout(cat.memberId).length > 0 ? warningsAbout(cat.memberId) : undefined), 10_000, 'the warning');
    expect(line).toMatchObject({ msg: 'websocket: a socket sent messages that were ignored', flooded: false, ignored: { 'not JSON': 3, 'unknown type': 1, binary: 1 } });
    await roundTrip(cat);
    expect(warningsAbout(cat.memberId)).toHaveLength(1);
  });
});
