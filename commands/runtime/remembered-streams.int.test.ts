// Streams that grow with use (a post's thread here) are remembered by each process's command runtime:
// a command reads only the events after its remembered state, and the answer is still the stored
// state's when another process appends, when two commands race on one revision, and when a command is
// refused (issue 29, 18b). On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postDecider } from '../../domain/post/decide.js';
import { foldPost } from '../../domain/post/state.js';
import { POST_ID, commentCommand, createCommand } from '../../domain/post/testing.js';
import type { EventStore, ReadStreamsOptions } from '../../eventstore/types.js';
import { openTestEventStore, withReadBarrier, wireTestCommands, type TestEventStore } from '../../test/support/test-event-store.js';
import { postStreamId } from '../stream-ids.js';
import type { PostEvent } from '../../domain/post/events.js';

const NOW = '2026-11-28T09:00:00.000Z';
let fixture: TestEventStore;
beforeAll(async () => {
  fixture = await openTestEventStore('remembered_streams');
});
afterAll(async () => {
  await fixture?.close();
});

/** The store, counting the events its stream reads return. */
const counting = (store: EventStore) => {
  const counter = { events: 0 };
  const counted = new Proxy(store, {
    get(target, property) {
      if (property === 'readStreams') {
        return async (ids: readonly string[], options?: ReadStreamsOptions) => {
          const read = await target.readStreams(ids, options);
          for (const events of read.values()) counter.events += events.length;
          return read;
        };
      }
      if (property === 'readStream') {
        return async (...args: Parameters<EventStore['readStream']>) => {
          const read = await target.readStream(...args);
          counter.events += read.length;
          return read;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store: counted, counter };
};

const stored = async (postId: string) => foldPost((await fixture.store.readStream(postStreamId(postId))).map((e) => ({ type: e.type, data: e.data }) as PostEvent));

const context = { now: NOW, actorId: null };
const comment = (postId: string, commentId: string, parentCommentId: string | null = null) => commentCommand({ postId, commentId, parentCommentId });

describe('remembered post streams', () => {
  it('read only the events after the state a process remembers, including other processes appends', async () => {
    const postId = `${POST_ID}-grown`;
    const watched = counting(fixture.store);
    const one = wireTestCommands(watched.store).runtime;
    const other = wireTestCommands(fixture.store).runtime;
    await one.handle(postDecider, postStreamId(postId), createCommand({ postId }), context);
    for (let i = 0; i < 30; i += 1) await other.handle(postDecider, postStreamId(postId), comment(postId, `c-${i}`), context);

    watched.counter.events = 0;
    await one.handle(postDecider, postStreamId(postId), comment(postId, 'mine-1', 'c-3'), context);
    expect(watched.counter.events).toBe(30); // the other process's comments, once
    watched.counter.events = 0;
    const after = await one.handle(postDecider, postStreamId(postId), comment(postId, 'mine-2', 'mine-1'), context);
    expect(watched.counter.events).toBe(0); // its own comment is remembered
    expect(after.state).toEqual(await stored(postId));
  });

  it('decide again on the stored state after losing a race, and remember the state the store holds', async () => {
    const postId = `${POST_ID}-raced`;
    const setUp = wireTestCommands(fixture.store).runtime;
    await setUp.handle(postDecider, postStreamId(postId), createCommand({ postId }), context);
    // Two processes load the same revision before either appends: one of them is refused and decides again.
    const barrier = withReadBarrier(fixture.store, 2);
    const [a, b] = [wireTestCommands(barrier).runtime, wireTestCommands(barrier).runtime];
    await Promise.all([
      a.handle(postDecider, postStreamId(postId), comment(postId, 'a-1'), context),
      b.handle(postDecider, postStreamId(postId), comment(postId, 'b-1'), context),
    ]);
    const expected = await stored(postId);
    expect(expected.status === 'active' && [...expected.comments.keys()].sort()).toEqual(['a-1', 'b-1']);
    for (const runtime of [a, b]) expect((await runtime.load(postDecider, postStreamId(postId))).state).toEqual(expected);

    // A refusal (a comment id taken by the other process) leaves what each remembers exact.
    await expect(a.handle(postDecider, postStreamId(postId), comment(postId, 'b-1'), context)).rejects.toMatchObject({ code: 'CONFLICT' });
    await b.handle(postDecider, postStreamId(postId), comment(postId, 'b-2', 'a-1'), context);
    const latest = await stored(postId);
    for (const runtime of [a, b]) expect((await runtime.load(postDecider, postStreamId(postId))).state).toEqual(latest);
  });
});
