import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberDecider } from '../../domain/member/decide.js';
import type { MemberCommand } from '../../domain/member/commands.js';
import { WrongExpectedVersionError } from '../../eventstore/types.js';
import { uuidV5 } from './deterministic-id.js';
import { createCommandRuntime } from './command-runtime.js';
import { memberStreamId } from '../stream-ids.js';
import { openTestEventStore, withReadBarrier, type TestEventStore } from '../../test/support/test-event-store.js';

const NOW = '2026-11-22T09:00:00.000Z';
let fixture: TestEventStore;
beforeAll(async () => {
  fixture = await openTestEventStore('handle_command');
});
afterAll(async () => {
  await fixture?.close();
});

const register = (memberId: string): MemberCommand => ({
  type: 'RegisterMember',
  memberId,
  email: `${memberId}@example.com`,
  name: 'Ada',
  timeZone: 'UTC',
  now: NOW,
});
const setBio = (memberId: string, bio: string): MemberCommand => ({
  type: 'UpdateProfile',
  memberId,
  actorId: memberId,
  patch: { bio },
  newSkillIds: [],
  now: NOW,
});

describe('the runtime command handler', () => {
  it('creates a stream, then appends at the revision it read', async () => {
    const id = randomUUID();
    const stream = memberStreamId(id);
    const first = await fixture.commands.runtime.handle(memberDecider, stream, register(id), { now: NOW, actorId: id });
    expect(first.nextExpectedRevision).toBe(0n);
    expect(first.checkpoint).toEqual(expect.any(String));
    const second = await fixture.commands.runtime.handle(memberDecider, stream, setBio(id, 'Hi'), { now: NOW, actorId: id });
    expect(second.nextExpectedRevision).toBe(1n);
    expect(second.state).toMatchObject({ status: 'active', bio: 'Hi' });
    expect(fixture.store.compareCheckpoints(first.checkpoint, second.checkpoint)).toBeLessThan(0);
  });

  it('writes the metadata of the command on every event', async () => {
    const id = randomUUID();
    const correlationId = randomUUID();
    const causationId = randomUUID();
    await fixture.commands.runtime.handle(memberDecider, memberStreamId(id), register(id), {
      now: NOW,
      actorId: 'admin-1',
      correlationId,
      causationId,
    });
    const [event] = await fixture.store.readStream(memberStreamId(id));
    expect(event?.metadata).toEqual({
      eventId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      occurredAt: NOW,
      actorId: 'admin-1',
      correlationId,
      causationId,
      schemaVersion: 1,
    });
  });

  it('uses supplied event ids so that a re-sent command is stored once', async () => {
    const id = randomUUID();
    const eventId = uuidV5(`test-register:${id}`);
    const context = { now: NOW, actorId: id, eventId: () => eventId };
    const stream = memberStreamId(id);
    const first = await fixture.commands.runtime.handle(memberDecider, stream, register(id), context);
    // Appending the same events again must be absorbed by the store, whatever revision we claim.
    const replay = await fixture.store.append(
      stream,
      [{ type: 'MemberRegistered', data: {}, metadata: { eventId, occurredAt: NOW, actorId: id, correlationId: eventId, causationId: null, schemaVersion: 1 } }],
      { expectedRevision: 'no_stream' },
    );
    expect(replay.checkpoint).toBe(first.checkpoint);
    const events = await fixture.store.readStream(stream);
    expect(events.map((e) => e.metadata.eventId)).toEqual([eventId]);
  });

  it('appends nothing and returns a null checkpoint when the decision is to do nothing', async () => {
    const id = randomUUID();
    const stream = memberStreamId(id);
    await fixture.commands.runtime.handle(memberDecider, stream, register(id), { now: NOW, actorId: id });
    const result = await fixture.commands.runtime.handle(memberDecider, stream, setBio(id, ''), { now: NOW, actorId: id });
    expect(result).toMatchObject({ events: [], checkpoint: null, nextExpectedRevision: 0n, state: { status: 'active' } });
  });

  it('lets a concurrent writer win and fails the other when retries are off', async () => {
    const id = randomUUID();
    const stream = memberStreamId(id);
    await fixture.commands.runtime.handle(memberDecider, stream, register(id), { now: NOW, actorId: id });
    const racing = createCommandRuntime({ store: withReadBarrier(fixture.store, 3) });
    const outcomes = await Promise.allSettled(
      ['one', 'two', 'three'].map((bio) => racing.handle(memberDecider, stream, setBio(id, bio), { now: NOW, actorId: id, maxAttempts: 1 })),
    );
    const failures = outcomes.filter((o) => o.status === 'rejected');
    expect(failures).toHaveLength(2);
    for (const failure of failures) expect((failure as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
  });

  it('re-reads and decides again after a concurrency conflict so every writer lands', async () => {
    const id = randomUUID();
    const stream = memberStreamId(id);
    await fixture.commands.runtime.handle(memberDecider, stream, register(id), { now: NOW, actorId: id });
    const racing = createCommandRuntime({ store: withReadBarrier(fixture.store, 3) });
    const results = await Promise.all(['one', 'two', 'three'].map((bio) => racing.handle(memberDecider, stream, setBio(id, bio), { now: NOW, actorId: id })));
    const revisions = results.map((r) => r.nextExpectedRevision).sort((a, b) => Number(a! - b!));
    expect(revisions).toEqual([1n, 2n, 3n]);
    expect(await fixture.store.readStream(stream)).toHaveLength(4);
  });
});
