// What the tests of The S brain share: a member's websocket subscribed to a post (messages kept with
// the time they arrived), a post made through the feed's commands (its routes come with another part
// of issue 20), and the post's events read back from the log.
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { createPost } from '../../commands/feed/posts.js';
import type { CommandDeps } from '../../commands/wiring.js';
import type { MediaAttachment, PostEvent } from '../../domain/post/events.js';
import { THE_S_BRAIN_ID } from '../../domain/post/rules.js';
import type { EventStore } from '../../eventstore/types.js';
import type { ApiClient } from './sign-in.js';

export interface LiveSocket {
  ws: WebSocket;
  /** Every message with the time it arrived (ms, performance.now()). */
  messages: { at: number; message: any }[];
  next(match: (m: any) => boolean, timeoutMs?: number): Promise<any>;
  close(): void;
}

export const openLiveSocket = (url: string, member: ApiClient): Promise<LiveSocket> =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, { headers: { cookie: member.cookie } });
    const messages: LiveSocket['messages'] = [];
    const waiters = new Set<{ match: (m: any) => boolean; resolve: (m: any) => void }>();
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString());
      messages.push({ at: performance.now(), message });
      for (const w of waiters)
        if (w.match(message)) {
          waiters.delete(w);
          w.resolve(message);
        }
    });
    const socket: LiveSocket = {
      ws,
      messages,
      next: (match, timeoutMs = 15_000) =>
        new Promise((res, rej) => {
          const seen = messages.find((m) => match(m.message));
          if (seen) return res(seen.message);
          const timer = setTimeout(() => rej(new Error(`no matching message; got ${JSON.stringify(messages.map((m) => m.message))}`)), timeoutMs);
          waiters.add({ match, resolve: (m) => (clearTimeout(timer), res(m)) });
        }),
      close: () => ws.terminate(),
    };
    ws.once('open', () => resolve(socket));
    ws.once('error', reject);
  });

/** Subscribes to a post; resolves once the server has taken the subscription (its pong comes after). */
export const subscribePost = async (socket: LiveSocket, postId: string) => {
  await socket.next((m) => m.type === 'connected');
  const pongs = socket.messages.filter((m) => m.message.type === 'pong').length;
  socket.ws.send(JSON.stringify({ type: 'subscribe_post', postId }));
  socket.ws.send(JSON.stringify({ type: 'ping' }));
  await new Promise<void>((resolve, reject) => {
    const deadline = Date.now() + 5000;
    const check = () => {
      if (socket.messages.filter((m) => m.message.type === 'pong').length > pongs) return resolve();
      if (Date.now() > deadline) return reject(new Error('no pong'));
      setTimeout(check, 10);
    };
    check();
  });
};

export const anImage = (url: string): MediaAttachment => ({
  id: randomUUID(),
  type: 'image',
  url,
  thumbnailUrl: null,
  title: null,
  description: null,
  provider: null,
  width: 800,
  height: 600,
  aspectRatio: 'custom',
  sizeBytes: 120_000,
  createdAt: new Date().toISOString(),
});

/** A post by `authorId` that mentions The S brain (when `mention`), made through the feed's command. */
export const postMentioningTheSBrain = async (
  commands: CommandDeps,
  options: { authorId: string; postId?: string; content?: string; mention?: boolean; assistantAvailable?: boolean; images?: MediaAttachment[]; now?: string },
) => {
  const postId = options.postId ?? randomUUID();
  const mention = options.mention ?? true;
  const result = await createPost(commands, {
    postId,
    actorId: options.authorId,
    content: options.content ?? '@The S brain how do I centre a div in CSS?',
    category: 'development',
    urgency: 'high',
    mentions: mention ? [THE_S_BRAIN_ID] : [],
    mediaAttachments: options.images ?? [],
    assistantAvailable: options.assistantAvailable ?? true,
    now: options.now ?? new Date().toISOString(),
  });
  return { postId, aiRequestId: result.aiRequestId, checkpoint: result.checkpoint };
};

export const postEvents = async (store: EventStore, postId: string): Promise<PostEvent[]> =>
  (await store.readStream(`post-${postId}`)).map((e) => ({ type: e.type, data: e.data }) as PostEvent);

/** Polls until `check` gives a value (not undefined), or fails after the timeout. */
export const eventually = async <T>(check: () => Promise<T | undefined>, timeoutMs = 15_000, what = 'condition'): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/**
 * A post by `authorId` that The S brain has answered (the server's reactor against a chat-completions
 * server), once its comment is in the read models: `{ postId, commentId }`.
 */
export const answeredPost = async (
  server: { commands: CommandDeps; store: EventStore; runtime: { waitFor(checkpoint: string): Promise<unknown> }; clock: () => Date },
  authorId: string,
) => {
  // Asked at the server's time: the assistant does not answer a request older than its timeout.
  const { postId } = await postMentioningTheSBrain(server.commands, { authorId, now: server.clock().toISOString() });
  const completed = await eventually(
    async () => {
      const recorded = await server.store.readStream(`post-${postId}`);
      return recorded.find((e) => e.type === 'AiReplyCompleted' || e.type === 'AiReplyFailed');
    },
    30_000,
    'the answer of The S brain',
  );
  if (completed.type !== 'AiReplyCompleted') throw new Error(`The S brain did not answer: ${JSON.stringify(completed.data)}`);
  await server.runtime.waitFor(completed.checkpoint);
  return { postId, commentId: (completed.data as { commentId: string }).commentId };
};
