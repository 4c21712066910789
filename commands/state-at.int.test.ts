// Time travel over every stream category (issue 30 point 1): streams written by the real commands on a
// real store, then folded by stateAt with the catalogue's deciders; its state after the last event is
// the one the command runtime folds, and a position in the middle answers the state there.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postDecider } from '../domain/post/decide.js';
import type { RecordedEvent } from '../eventstore/types.js';
import { seedEveryStreamCategory } from '../test/support/every-stream-category.js';
import { openTestEventStore, type TestEventStore } from '../test/support/test-event-store.js';
import { createPost, likePost } from './feed/posts.js';
import { toPlainJson } from './runtime/plain-json.js';
import { foldStream } from './runtime/stream-states.js';
import { StateAtError, type StateAtOperations } from './runtime/state-at.js';
import { categoryName } from './runtime/stream-catalogue.js';
import { MONDAY } from './sessions/testing.js';
import { memberStreamId, postStreamId } from './stream-ids.js';
import { streamCatalogue } from './stream-catalogue.js';
import { wireCommands, wireStateAt } from './wiring.js';

const NOW = MONDAY;
const metadata = () => ({ eventId: randomUUID(), occurredAt: NOW, actorId: null, correlationId: randomUUID(), causationId: null, schemaVersion: 1 });

let fixture: TestEventStore;
let operations: StateAtOperations;
let student: string;
let postId: string;

/** Every stream in the log, with its events. */
const streamsInLog = async (): Promise<Map<string, RecordedEvent[]>> => {
  const streams = new Map<string, RecordedEvent[]>();
  for (let after: string | null = null; ;) {
    const page = await fixture.store.readAll({ after, limit: 500 });
    if (page.length === 0) return streams;
    for (const event of page) streams.set(event.streamId, [...(streams.get(event.streamId) ?? []), event]);
    after = page.at(-1)!.checkpoint;
  }
};

beforeAll(async () => {
  fixture = await openTestEventStore('state_at');
  operations = wireStateAt(fixture.store);
  const deps = fixture.commands;
  ({ student, postId } = await seedEveryStreamCategory(deps, fixture.store));
});
afterAll(async () => {
  await fixture?.close();
});

describe('stateAt', () => {
  it('answers, for every stream of every category, the state the command runtime folds after its last event', async () => {
    // A runtime of its own (no remembered states): it reads and folds each stream as a command would.
    const { runtime } = wireCommands({ store: fixture.store });
    const seen = new Set<string>();
    for (const [streamId, events] of await streamsInLog()) {
      const category = streamCatalogue.categoryOf(streamId);
      expect(category, `no category for ${streamId}`).toBeDefined();
      seen.add(categoryName(category!));
      const answer = await operations.stateAt(streamId);
      expect(JSON.parse(JSON.stringify(answer)), streamId).toEqual(answer);
      expect(answer).toMatchObject({ streamId, category: categoryName(category!), kind: category!.kind, position: events.length - 1, lastPosition: events.length - 1 });
      expect(answer.event).toMatchObject({ type: events.at(-1)!.type, eventId: events.at(-1)!.metadata.eventId });
      expect(answer.page.events.map((e) => e.type)).toEqual(events.slice(answer.page.from, answer.page.from + answer.page.size).map((e) => e.type));
      if (category!.kind === 'raw') {
        expect(answer.folds).toEqual([]);
        continue;
      }
      expect(answer.folds.map((f) => f.decider)).toEqual(Object.keys(category!.folds));
      for (const [name, decider] of Object.entries(category!.folds)) {
        const folded = toPlainJson((await runtime.load(decider, streamId)).state);
        expect(answer.folds.find((f) => f.decider === name)?.state, `${streamId} (${name})`).toEqual(folded);
      }
    }
    expect([...seen].sort()).toEqual(streamCatalogue.categories.map(categoryName).sort());
  });

  it('answers the state at a position in the middle, the event there and the change it made', async () => {
    const events = await fixture.store.readStream(postStreamId(postId));
    expect(events.map((e) => e.type)).toEqual(['PostCreated', 'CommentAdded', 'PostLiked', 'CommentLiked', 'CommentAdded']);
    const mentor = events[2]!.metadata.actorId!;
    const answer = await operations.stateAt(postStreamId(postId), 2);
    expect(answer).toMatchObject({ position: 2, lastPosition: 4, event: { type: 'PostLiked', actorId: mentor, position: 2 } });
    const [post] = answer.folds;
    expect(post!.changes).toEqual([{ path: ['likedBy', mentor], kind: 'added', after: true }]);
    const state = post!.state as { status: string; likedBy: object; comments: Record<string, { likedBy: object }> };
    expect(state).toMatchObject({ status: 'active', likedBy: { [mentor]: true } });
    expect(Object.values(state.comments).map((c) => c.likedBy)).toEqual([{}]);

    const liked = await operations.stateAt(postStreamId(postId), 3n);
    const commentId = (events[1]!.data as { commentId: string }).commentId;
    expect(liked.folds[0]!.changes).toEqual([{ path: ['comments', commentId, 'likedBy', student], kind: 'added', after: true }]);
  });

  it('folds a member stream with both of its deciders, each with its own change', async () => {
    const events = await fixture.store.readStream(memberStreamId(student));
    const tour = events.findIndex((e) => e.type === 'WelcomeTourSeen');
    const answer = await operations.stateAt(memberStreamId(student), tour);
    expect(answer.folds.map((f) => [f.decider, f.changes.map((c) => c.path.join('.'))])).toEqual([
      ['member', []],
      ['welcomeTour', ['seenAt']],
    ]);
  });

  it('pages the stream beside the state', async () => {
    const answer = await operations.stateAt(postStreamId(postId), 3, { pageSize: 2 });
    expect(answer.page).toMatchObject({ from: 2, size: 2 });
    expect(answer.page.events.map((e) => [e.position, e.type])).toEqual([
      [2, 'PostLiked'],
      [3, 'CommentLiked'],
    ]);
    expect((await operations.stateAt(postStreamId(postId), 0, { pageFrom: 4, pageSize: 2 })).page.events.map((e) => e.position)).toEqual([4]);
  });

  it('answers a marker stream with its raw events', async () => {
    const answer = await operations.stateAt('slots-carried-over');
    expect(answer).toMatchObject({ kind: 'raw', category: 'slots-carried-over', folds: [], event: { type: 'SlotCellsCarriedOver', data: { carried: 1, refused: 0 } } });
  });

  it('refuses an unknown stream, a position past the end and a position that is not one, with coded errors', async () => {
    const refusal = (attempt: Promise<unknown>) =>
      attempt.then(
        () => null,
        (error: unknown) => error,
      );
    const missing = await refusal(operations.stateAt(postStreamId(randomUUID())));
    expect(missing).toBeInstanceOf(StateAtError);
    expect(missing).toMatchObject({ code: 'NOT_FOUND', reason: 'STREAM_NOT_FOUND' });
    expect(await refusal(operations.stateAt(postStreamId(postId), 5))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'POSITION_PAST_END',
      message: `Stream post-${postId} ends at position 4; there is no event at 5`,
    });
    for (const position of [-1, 1.5, Number.NaN])
      expect(await refusal(operations.stateAt(postStreamId(postId), position))).toMatchObject({ code: 'VALIDATION', reason: 'INVALID_POSITION' });
    expect(await refusal(operations.stateAt(postStreamId(postId), 0, { pageSize: 501 }))).toMatchObject({ code: 'VALIDATION', reason: 'INVALID_POSITION' });
  });

  it('reads only what was appended to a stream since the last look at it, and shows it', async () => {
    const froms: (bigint | undefined)[] = [];
    const travel = wireStateAt({
      readStream: (streamId, options) => (froms.push(options?.from), fixture.store.readStream(streamId, options)),
    });
    const { postId: fresh } = await createPost(fixture.commands, {
      actorId: student,
      content: 'Stepping through time',
      category: 'development',
      urgency: 'low',
      now: NOW,
    });
    expect((await travel.stateAt(postStreamId(fresh))).lastPosition).toBe(0);
    expect((await travel.stateAt(postStreamId(fresh), 0)).lastPosition).toBe(0);
    await likePost(fixture.commands, { postId: fresh, actorId: student, now: NOW });
    const after = await travel.stateAt(postStreamId(fresh));
    expect(after).toMatchObject({ lastPosition: 1, event: { type: 'PostLiked' } });
    expect(after.folds[0]!.changes.length).toBeGreaterThan(0);
    // The whole stream once, then only from the revision after the last one seen.
    expect(froms).toEqual([undefined, 1n, 1n]);
  });

  it('answers the state a plain fold reaches at any position of a long stream, stepping forward and back', async () => {
    const id = postStreamId(randomUUID());
    const toAppend = (type: string, data: Record<string, unknown>) => ({ type, data, metadata: metadata() });
    const events = [
      toAppend('PostCreated', {
        postId: id.slice(5),
        authorId: student,
        content: 'A long thread',
        category: 'development',
        urgency: 'low',
        skillNeeded: null,
        mentions: [],
      }),
    ];
    for (let i = 0; i < 2_500; i += 1) {
      if (i % 5 === 4) events.push(toAppend('PostLiked', { postId: id.slice(5), postAuthorId: student, memberId: `member-${i}` }));
      else
        events.push(
          toAppend('CommentAdded', {
            ...{ postId: id.slice(5), postAuthorId: student, commentId: randomUUID(), authorId: `member-${i}`, content: `Answer ${i}` },
            ...{
              parentCommentId: null,
              parentAuthorId: null,
              depth: 0,
              isOffer: false,
              skillOffered: null,
              tags: [],
              mentions: [],
              isAiGenerated: false,
              aiRequestId: null,
            },
          }),
        );
    }
    for (let i = 0; i < events.length; i += 500) await fixture.store.append(id, events.slice(i, i + 500));
    const recorded = await fixture.store.readStream(id);
    const travel = wireStateAt(fixture.store);
    for (const position of [2_500, 1_000, 999, 1_001, 0, 2_000, 1_999, 1_500]) {
      const answer = await travel.stateAt(id, position);
      expect(answer.folds[0]!.state, `at ${position}`).toEqual(toPlainJson(foldStream(postDecider, recorded.slice(0, position + 1)).state));
    }
  });

  it('lists the categories with their deciders', () => {
    expect(operations.categories()).toContainEqual({ category: 'member-', kind: 'folded', describes: expect.any(String), deciders: ['member', 'welcomeTour'] });
    expect(operations.categories()).toContainEqual({ category: 'bookings-index-', kind: 'raw', describes: expect.any(String), deciders: [] });
  });
});
