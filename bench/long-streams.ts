// (18b) A write's cost on a stream that has grown with use: the 5,000th comment of one post, and a
// message of a conversation 5,000 messages long, one request at a time (one connection) through HTTP on
// PostgreSQL. The history is appended straight to the streams (as the commands would have written it),
// then further comments and messages are timed from sending the POST to its answer. The baseline is
// the same on a new post and a new conversation: the cost must not grow with the stream.
import { randomUUID } from 'node:crypto';
import { startServer } from '../api/main.js';
import { conversationStreamId } from '../domain/conversation/events.js';
import { postStreamId } from '../domain/post/events.js';
import { openSqlDatabase } from '../eventstore/sql-database.js';
import { createSqlEventStore } from '../eventstore/sql-event-store.js';
import type { EventStore, EventToAppend } from '../eventstore/types.js';
import type { ReadModelsDb } from '../projections/read-models.js';
import { signIn, type ApiClient } from '../test/support/sign-in.js';
import type { BenchResult } from './support.js';
import { benchServerEnv, freshDatabase, percentile } from './support.js';

/** Events already in the long stream; BENCH_LONG_STREAM overrides it (the figures before the change were taken at 200 and 1,200). */
const HISTORY = Number(process.env.BENCH_LONG_STREAM ?? 5_000);
const TIMED = Number(process.env.BENCH_LONG_STREAM_TIMED ?? 200);
const WARM_UP = 10;
const BATCH = 500;

const toAppend = (type: string, data: Record<string, unknown>): EventToAppend => ({
  type,
  data,
  metadata: { eventId: randomUUID(), occurredAt: new Date().toISOString(), actorId: null, correlationId: randomUUID(), causationId: null, schemaVersion: 1 },
});

/** Appends `count` events made by `make(i)` after what the stream holds, BATCH at a time. */
const grow = async (store: EventStore, streamId: string, count: number, make: (i: number) => EventToAppend) => {
  let revision = (await store.readStream(streamId)).at(-1)!.streamPosition;
  for (let i = 0; i < count; i += BATCH) {
    const events = Array.from({ length: Math.min(BATCH, count - i) }, (_, k) => make(i + k));
    revision = (await store.append(streamId, events, { expectedRevision: revision })).nextExpectedRevision;
  }
};

const newPost = async (author: ApiClient) => {
  const made = await author.post<{ post: { id: string } }>('/api/feed-posts', { content: 'How do I #profile a slow query?', category: 'development', urgency: 'high' });
  if (made.status !== 201) throw new Error(`creating the post answered ${made.status}: ${JSON.stringify(made.body)}`);
  return made.body.post.id;
};

const newConversation = async (a: ApiClient, b: ApiClient) => {
  const started = await a.post<{ conversation: { id: string } }>('/api/conversations', { participant1_id: a.memberId, participant2_id: b.memberId });
  if (started.status !== 201) throw new Error(`starting a conversation answered ${started.status}`);
  return started.body.conversation.id;
};

/** Times `count` sequential calls of `write(i)`, after WARM_UP untimed ones (which also wait for the seeded history's projection). */
const timed = async (count: number, write: (i: number) => Promise<void>) => {
  for (let i = 0; i < WARM_UP; i += 1) await write(-1 - i);
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await write(i);
    samples.push(performance.now() - started);
  }
  return samples;
};

const expect201 = (what: string, response: { status: number; body: unknown }) => {
  if (response.status !== 201) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(response.body)}`);
};

export const benchLongStreams = async (): Promise<BenchResult[]> => {
  const database = await freshDatabase('long_streams');
  const server = await startServer(benchServerEnv(database.url));
  const sql = await openSqlDatabase<ReadModelsDb>({ url: database.url, poolSize: 2 });
  const store = await createSqlEventStore(sql);
  try {
    const [author, commenter] = [await signIn(server.url, 'long-author@bench.example'), await signIn(server.url, 'long-commenter@bench.example')];
    const comment = (postId: string) => async (i: number) =>
      expect201('comment', await commenter.post('/api/comments', { post_id: postId, content: `Try EXPLAIN ANALYZE, answer ${i}` }));
    const message = (conversationId: string) => async (i: number) =>
      expect201('message', await author.post('/api/messages', { conversation_id: conversationId, content: `Message ${i}` }));

    const longPost = await newPost(author);
    await grow(store, postStreamId(longPost), HISTORY, (i) =>
      toAppend('CommentAdded', {
        postId: longPost,
        postAuthorId: author.memberId,
        commentId: randomUUID(),
        authorId: commenter.memberId,
        content: `Seeded answer ${i}`,
        parentCommentId: null,
        parentAuthorId: null,
        depth: 0,
        isOffer: false,
        skillOffered: null,
        tags: [],
        mentions: [],
        isAiGenerated: false,
        aiRequestId: null,
      }),
    );
    const longChat = await newConversation(author, commenter);
    await grow(store, conversationStreamId(longChat), HISTORY, (i) =>
      toAppend('MessageSent', {
        conversationId: longChat,
        messageId: randomUUID(),
        senderId: i % 2 ? author.memberId : commenter.memberId,
        recipientId: i % 2 ? commenter.memberId : author.memberId,
        content: `Seeded message ${i}`,
        sequence: i + 1,
        sentAt: new Date().toISOString(),
      }),
    );

    const commentsOnLong = await timed(TIMED, comment(longPost));
    const commentsOnNew = await timed(TIMED, comment(await newPost(author)));
    const messagesOnLong = await timed(TIMED, message(longChat));
    // A second pair: the conversation's id derives from its two members.
    const other = await signIn(server.url, 'long-other@bench.example');
    const messagesOnNew = await timed(TIMED, message(await newConversation(author, other)));

    const history = HISTORY.toLocaleString('en-US');
    const result = (name: string, what: string, long: number[], fresh: number[]): BenchResult => {
      const p99 = percentile(long, 99);
      return {
        name,
        subject: `${TIMED} sequential ${what} (one connection, through HTTP) after ${history} in the stream; from sending the POST to its answer`,
        baseline: 'the same on a new stream (p99)',
        subjectValue: p99,
        baselineValue: percentile(fresh, 99),
        unit: 'ms (p99)',
        ratio: p99 / percentile(fresh, 99),
        target: 'p99 <= 20 ms',
        pass: p99 <= 20,
        notes: `p50 ${percentile(long, 50).toFixed(1)} ms against ${percentile(fresh, 50).toFixed(1)} ms on a new stream`,
      };
    };
    return [
      result(`A comment on a post with ${history} comments`, 'comments', commentsOnLong, commentsOnNew),
      result(`A message in a conversation of ${history} messages`, 'messages', messagesOnLong, messagesOnNew),
    ];
  } finally {
    await store.close();
    await sql.close();
    await server.close();
    await database.drop();
  }
};
