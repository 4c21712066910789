// (Issue 30) Time travel over a long stream: stateAt on a post of 10,000 comments and likes and on a
// ledger of 10,000 entries, on PostgreSQL, at the last event (the whole stream folded, its whole state
// written as JSON) and in the middle. The streams are appended straight to the store, as the commands
// would have written them. The baseline is the stream's bare read (readStream) in the same run: the
// part of stateAt that is the fold, the change and the JSON is the difference. Target: p99 <= 100 ms. The
// timed calls step through a stream already looked at (its past is kept: commands/runtime/state-at.ts); the
// first look, which reads the whole stream, is reported beside them.
import { randomUUID } from 'node:crypto';
import { wireStateAt } from '../commands/wiring.js';
import { ledgerStreamId } from '../domain/ledger/events.js';
import { postStreamId } from '../domain/post/events.js';
import { openSqlDatabase } from '../eventstore/sql-database.js';
import { createSqlEventStore } from '../eventstore/sql-event-store.js';
import type { EventStore, EventToAppend } from '../eventstore/types.js';
import type { ReadModelsDb } from '../projections/read-models.js';
import type { BenchResult } from './support.js';
import { freshDatabase, percentile } from './support.js';

const LENGTH = Number(process.env.BENCH_STATE_AT_EVENTS ?? 10_000);
const TIMED = Number(process.env.BENCH_STATE_AT_TIMED ?? 30);
const WARM_UP = 3;
const BATCH = 500;
const NOW = '2026-03-02T08:00:00.000Z';

const toAppend = (type: string, data: Record<string, unknown>): EventToAppend => ({
  type,
  data,
  metadata: { eventId: randomUUID(), occurredAt: NOW, actorId: null, correlationId: randomUUID(), causationId: null, schemaVersion: 1 },
});

export const append = async (store: EventStore, streamId: string, events: EventToAppend[]) => {
  for (let i = 0; i < events.length; i += BATCH) await store.append(streamId, events.slice(i, i + BATCH));
};

/** A post, then LENGTH events: comments, each but the first liked by a member, and every tenth event a like of the post. */
export const longPost = (postId: string, authorId: string): EventToAppend[] => {
  const comments: string[] = [];
  const events = [
    toAppend('PostCreated', { postId, authorId, content: 'How do I #profile a slow query?', category: 'development', urgency: 'high', skillNeeded: null, mentions: [] }),
  ];
  for (let i = 0; i < LENGTH; i += 1) {
    const memberId = `member-${i}`;
    if (i % 10 === 9) events.push(toAppend('PostLiked', { postId, postAuthorId: authorId, memberId }));
    else if (i % 2 === 1 && comments.length > 0) {
      events.push(toAppend('CommentLiked', { postId, commentId: comments[comments.length - 1]!, commentAuthorId: authorId, memberId }));
    } else {
      const commentId = randomUUID();
      comments.push(commentId);
      const comment = { postId, postAuthorId: authorId, commentId, authorId: memberId, content: `Answer ${i}`, parentCommentId: null, parentAuthorId: null, depth: 0 };
      events.push(toAppend('CommentAdded', { ...comment, isOffer: false, skillOffered: null, tags: [], mentions: [], isAiGenerated: false, aiRequestId: null }));
    }
  }
  return events;
};

/** A grant, then LENGTH entries: holds, each refunded or given to a mentor, and points received. */
const longLedger = (memberId: string): EventToAppend[] => {
  const events = [toAppend('PointsGranted', { memberId, transactionId: randomUUID(), amount: LENGTH, reason: 'correction', description: 'Seed' })];
  let holdId = '';
  for (let i = 0; i < LENGTH; i += 1) {
    const sessionId = randomUUID();
    const entry = { memberId, sessionId, amount: 1, description: `Entry ${i}` };
    if (i % 3 === 0) events.push(toAppend('PointsHeld', { ...entry, holdId: (holdId = randomUUID()) }));
    else if (i % 3 === 1) events.push(toAppend(i % 2 ? 'HoldRefunded' : 'HoldAdjudicated', { ...entry, holdId, reason: 'rejected', mentorId: 'm' }));
    else events.push(toAppend('PointsReceived', { ...entry, holdId: randomUUID(), transactionId: randomUUID(), fromMemberId: 's' }));
  }
  return events;
};

/** TIMED calls of each, alternating so that drift hits both; after WARM_UP untimed ones. */
const timedPair = async (subject: () => Promise<unknown>, baseline: () => Promise<unknown>) => {
  for (let i = 0; i < WARM_UP; i += 1) {
    await subject();
    await baseline();
  }
  const [s, b]: [number[], number[]] = [[], []];
  const time = async (run: () => Promise<unknown>, into: number[]) => {
    const started = performance.now();
    await run();
    into.push(performance.now() - started);
  };
  for (let i = 0; i < TIMED; i += 1) {
    await time(subject, s);
    await time(baseline, b);
  }
  return { subject: s, baseline: b };
};

export const benchStateAt = async (): Promise<BenchResult[]> => {
  const database = await freshDatabase('state_at');
  const sql = await openSqlDatabase<ReadModelsDb>({ url: database.url, poolSize: 2 });
  const store = await createSqlEventStore(sql);
  try {
    const post = postStreamId(randomUUID());
    const ledger = ledgerStreamId(randomUUID());
    await append(store, post, longPost(post.slice('post-'.length), randomUUID()));
    await append(store, ledger, longLedger(ledger.slice('ledger-'.length)));

    const length = LENGTH.toLocaleString('en-US');
    const measure = async (name: string, streamId: string, position: number | undefined, where: string): Promise<BenchResult> => {
      // A new operations object per measure: its first call is an operator's first look at the stream
      // (the whole stream read), the timed ones the steps after it (only what was appended since).
      const operations = wireStateAt(store);
      const firstLookStarted = performance.now();
      await operations.stateAt(streamId, position);
      const firstLook = performance.now() - firstLookStarted;
      const { subject, baseline } = await timedPair(
        () => operations.stateAt(streamId, position),
        () => store.readStream(streamId),
      );
      const p99 = percentile(subject, 99);
      return {
        name,
        subject: `stateAt ${where} (${TIMED} calls, one at a time, on PostgreSQL, after a first look at the stream): read of what was appended since, fold, change and the state as JSON`,
        baseline: 'the bare readStream of the same stream (p99)',
        subjectValue: p99,
        baselineValue: percentile(baseline, 99),
        unit: 'ms (p99)',
        ratio: p99 / percentile(baseline, 99),
        target: 'p99 <= 100 ms',
        pass: p99 <= 100,
        notes: `p50 ${percentile(subject, 50).toFixed(1)} ms against ${percentile(baseline, 50).toFixed(1)} ms for the read alone; the first look (the whole stream read) ${firstLook.toFixed(0)} ms`,
      };
    };
    return [
      await measure(`stateAt on a post of ${length} comments and likes, at its last event`, post, undefined, 'at the last event'),
      await measure(`stateAt on a post of ${length} comments and likes, in the middle`, post, LENGTH / 2, 'at the middle event'),
      await measure(`stateAt on a ledger of ${length} entries, at its last event`, ledger, undefined, 'at the last event'),
    ];
  } finally {
    await store.close();
    await sql.close();
    await database.drop();
  }
};
