// What the tests of The S brain share: a member's websocket subscribed to a post (messages kept with
// the time they arrived), a post made through the feed's commands (its routes come with another part
// of issue 20), and the post's events read back from the log.
import { randomUUID } from 'node:crypto';
import { createPost } from '../../commands/feed/posts.js';
import type { CommandDeps } from '../../commands/wiring.js';
import type { MediaAttachment, PostEvent } from '../../domain/post/events.js';
import { THE_S_BRAIN_ID } from '../../domain/post/rules.js';
import type { EventStore } from '../../eventstore/types.js';
import { connectSocket, subscribePost, type LiveSocket } from './live-socket.js';
import type { ApiClient } from './sign-in.js';

export type { LiveSocket };
export { subscribePost };

/** A member's socket with the 15 s patience a streamed answer needs. */
export const openLiveSocket = (url: string, member: ApiClient): Promise<LiveSocket> => connectSocket(url, member, 15_000);

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

type AskingServer = { commands: CommandDeps; store: EventStore; runtime: { waitFor(checkpoint: string): Promise<unknown> }; clock: () => Date };

/**
 * A post by `authorId` asking The S brain (with `images`), once its request has ended (answered or failed, by the
 * server's reactor against a chat-completions server) and the end is in the read models: `{ postId, end }`.
 */
export const endedRequest = async (server: AskingServer, authorId: string, options: { images?: MediaAttachment[] } = {}) => {
  // Asked at the server's time: the assistant does not answer a request older than its timeout.
  const { postId } = await postMentioningTheSBrain(server.commands, { authorId, images: options.images, now: server.clock().toISOString() });
  const end = await eventually(
    async () => {
      const recorded = await server.store.readStream(`post-${postId}`);
      return recorded.find((e) => e.type === 'AiReplyCompleted' || e.type === 'AiReplyFailed');
    },
    30_000,
    'the answer of The S brain',
  );
  await server.runtime.waitFor(end.checkpoint);
  return { postId, end };
};

/** A post by `authorId` that The S brain has answered, once its comment is in the read models: `{ postId, commentId }`. */
export const answeredPost = async (server: AskingServer, authorId: string) => {
  const { postId, end } = await endedRequest(server, authorId);
  if (end.type !== 'AiReplyCompleted') throw new Error(`The S brain did not answer: ${JSON.stringify(end.data)}`);
  return { postId, commentId: (end.data as { commentId: string }).commentId };
};
