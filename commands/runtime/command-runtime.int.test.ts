// The runtime's remembered states belong to the runtime instance (no process-wide registry): a
// decider's states are remembered only where the composition root named it, and a runtime decides on
// them only where the store checks them at the write.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberDecider } from '../../domain/member/decide.js';
import { DomainError, type Decider, type Event } from '../../domain/shared.js';
import type { Checkpoint } from '../../eventstore/types.js';
import { memberStreamId } from '../stream-ids.js';
import { openTestEventStore, type TestEventStore } from '../../test/support/test-event-store.js';
import { createCommandRuntime } from './command-runtime.js';
import { stepEvents } from './run-step.js';

const NOW = '2026-11-22T09:00:00.000Z';
const counting: Decider<number, never, Event> = { initialState: () => 0, evolve: (n) => n + 1, decide: () => [] };
let fixture: TestEventStore;
beforeAll(async () => {
  fixture = await openTestEventStore('command_runtime');
});
afterAll(async () => {
  await fixture?.close();
});

const register = (memberId: string) => ({ type: 'RegisterMember' as const, memberId, email: `${memberId}@example.com`, name: 'Ada', timeZone: 'UTC', now: NOW });
const setBio = (memberId: string, bio: string) => ({ type: 'UpdateProfile' as const, memberId, actorId: memberId, patch: { bio }, newSkillIds: [], now: NOW });

describe('the command runtime', () => {
  it('remembers what its commands wrote only for the deciders it was made with, and only in itself', async () => {
    const caching = createCommandRuntime({ store: fixture.store, cachedDeciders: [memberDecider] });
    const plain = createCommandRuntime({ store: fixture.store });
    const [a, b] = [randomUUID(), randomUUID()];
    await caching.handle(memberDecider, memberStreamId(a), register(a), { now: NOW, actorId: a });
    await plain.handle(memberDecider, memberStreamId(b), register(b), { now: NOW, actorId: b });

    const decide = (plan: { states: { members: Map<string, { revision: bigint | null }> }; unchanged: unknown }) => ({
      revision: plan.states.members.get(memberStreamId(a))?.revision,
      remembered: plan.unchanged !== undefined,
    });
    const write = async (decided: ReturnType<typeof decide>) => decided;
    const streams = { members: { decider: memberDecider, streamIds: [memberStreamId(a)] } };
    expect(await caching.planOn(streams, decide, write)).toEqual({ revision: 0n, remembered: true });
    expect(await plain.planOn(streams, decide, write)).toEqual({ revision: 0n, remembered: false });
    // Another runtime over the same store is another process: it remembers nothing of the first.
    expect(await createCommandRuntime({ store: fixture.store, cachedDeciders: [memberDecider] }).planOn(streams, decide, write)).toEqual({
      revision: 0n,
      remembered: false,
    });
  });

  it('plans again on stored states when a remembered one refuses or has moved', async () => {
    const runtime = createCommandRuntime({ store: fixture.store, cachedDeciders: [memberDecider] });
    const elsewhere = createCommandRuntime({ store: fixture.store });
    const id = randomUUID();
    const stream = memberStreamId(id);
    await runtime.handle(memberDecider, stream, register(id), { now: NOW, actorId: id });
    await elsewhere.handle(memberDecider, stream, setBio(id, 'changed elsewhere'), { now: NOW, actorId: id });
    const streams = { members: { decider: memberDecider, streamIds: [stream] } };

    // A refusal on the remembered state is checked on the stored one.
    const bios: (string | null)[] = [];
    const bio = await runtime.planOn(
      streams,
      ({ states }) => {
        const member = states.members.get(stream)!.state;
        const seen = member.status === 'active' ? member.bio : null;
        bios.push(seen);
        if (!seen) throw new DomainError('VALIDATION', 'no bio yet');
        return seen;
      },
      async (seen) => seen,
    );
    expect({ bio, bios }).toEqual({ bio: 'changed elsewhere', bios: ['', 'changed elsewhere'] });

    // A write on a remembered state that moved is refused by the store, and planned again.
    const other = randomUUID();
    await elsewhere.handle(memberDecider, stream, setBio(id, 'again'), { now: NOW, actorId: id });
    const tries: string[] = [];
    await runtime.planOn(
      streams,
      (plan) => plan,
      async (plan) => {
        tries.push(plan.unchanged ? 'remembered' : 'read');
        const at = { state: 0, revision: null };
        const events = stepEvents({ step: `test:${other}`, now: NOW, actorId: null, correlationId: other }, `other-${other}`, null, [{ type: 'Noted', data: {} }]);
        return runtime.writeMany([{ decider: counting, streamId: `other-${other}`, from: at, events }], plan.unchanged);
      },
    );
    expect(tries).toEqual(['remembered', 'read']);
    expect(await fixture.store.readStream(`other-${other}`)).toHaveLength(1);
  });

  it('reports the checkpoints of its own appends to an observing view that shares its remembered states', async () => {
    const runtime = createCommandRuntime({ store: fixture.store, cachedDeciders: [memberDecider] });
    const seen: Checkpoint[] = [];
    const observed = runtime.observingAppends((checkpoint) => seen.push(checkpoint));
    const id = randomUUID();
    const result = await observed.handle(memberDecider, memberStreamId(id), register(id), { now: NOW, actorId: id });
    expect(seen).toEqual([result.checkpoint]);
    await runtime.handle(memberDecider, memberStreamId(id), setBio(id, 'not observed'), { now: NOW, actorId: id });
    expect(seen).toHaveLength(1);
    const remembered = await observed.planOn(
      { m: { decider: memberDecider, streamIds: [memberStreamId(id)] } },
      (plan) => plan.unchanged,
      async (u) => u,
    );
    expect(remembered).toEqual([{ streamId: memberStreamId(id), revision: 1n }]);
  });
});
