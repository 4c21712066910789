// Reactors on the projection runtime: they see each handled event in log order, their checkpoint
// moves only after a batch's reactions are done (so a restart resumes after the last finished batch),
// a reaction that throws stops the reactor at that event with its position recorded, and waitFor does
// not wait for reactors.
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../eventstore/types.js';
import { readCheckpointRow } from '../../projections/runtime/bookkeeping.js';
import { reactorRowName, type LogReactor } from '../../projections/runtime/reactor-consumer.js';
import { followerRuntimes } from './support/follower-runtimes.js';
import { eventually, type Harness } from './support/harness.js';
import { testTargets } from './support/test-databases.js';

const meta = () => ({ eventId: randomUUID(), occurredAt: '2026-03-01T12:00:00.000Z', actorId: null, correlationId: randomUUID(), causationId: null, schemaVersion: 1 });
const ping = (n: number) => ({ type: 'Pinged', data: { n }, metadata: meta() });
const other = () => ({ type: 'Ignored', data: {}, metadata: meta() });

/** Records the n of every Pinged it reacts to; throws on the ones listed in `failOn`. */
const recordingReactor = (name: string, seen: number[], failOn: ReadonlySet<number> = new Set()): LogReactor => ({
  name,
  handles: ['Pinged'],
  async react(events: readonly RecordedEvent[]) {
    for (const event of events) {
      const { n } = event.data as { n: number };
      if (failOn.has(n)) throw new Error(`ping ${n} cannot be handled`);
      seen.push(n);
    }
  },
});

describe.each(testTargets())('reactors on $kind', (target) => {
  const followers = followerRuntimes(target, () => ({ batchSize: 3, lazyCheckpointMs: 0 }));
  let h: Harness;
  beforeEach(() => {
    h = followers.h;
  });
  const start = (reactors: LogReactor[]) => followers.start({ reactors });

  it('reacts to each handled event once, in log order, and passes over the others', async () => {
    for (let n = 1; n <= 7; n++) await h.store.append(`pings-${n % 2}`, [ping(n), other()]);
    const seen: number[] = [];
    const runtime = await start([recordingReactor('recorder', seen)]);
    await eventually(() => seen.length === 7);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const head = (await h.store.readAll({ after: null, limit: 100 })).at(-1)!.checkpoint;
    await eventually(async () => (await readCheckpointRow(h.sql.db, reactorRowName('recorder')))?.checkpoint === head);
    const [status] = await runtime.status();
    expect(status).toMatchObject({ kind: 'reactor', name: 'recorder', status: 'live', lag: 0, failure: null });
  });

  it('resumes after its checkpoint when started again, reacting to nothing twice that it finished', async () => {
    for (let n = 1; n <= 4; n++) await h.store.append('pings', [ping(n)]);
    const first: number[] = [];
    const runtime = await start([recordingReactor('resumer', first)]);
    await eventually(() => first.length === 4);
    await runtime.stop();
    for (let n = 5; n <= 6; n++) await h.store.append('pings', [ping(n)]);
    const second: number[] = [];
    await start([recordingReactor('resumer', second)]);
    await eventually(() => second.length === 2);
    expect(second).toEqual([5, 6]);
  });

  it('stops at an event whose reaction throws, with the event recorded, and keeps the reactions before it', async () => {
    for (let n = 1; n <= 6; n++) await h.store.append('pings', [ping(n)]);
    const seen: number[] = [];
    const runtime = await start([recordingReactor('fragile', seen, new Set([4]))]);
    await eventually(async () => (await runtime.status())[0]?.status === 'failed');
    const [status] = await runtime.status();
    const bad = (await h.store.readStream('pings'))[3]!;
    expect(status?.failure).toMatchObject({ eventId: bad.metadata.eventId, eventType: 'Pinged', position: bad.globalPosition.toString() });
    expect(status?.failure?.error).toContain('ping 4 cannot be handled');
    // Pings 1-3 finished; the checkpoint stays before the event that failed, so a fixed reactor starts there.
    expect(seen.slice(0, 3)).toEqual([1, 2, 3]);
    expect(seen).not.toContain(4);
    const row = await readCheckpointRow(h.sql.db, reactorRowName('fragile'));
    expect(row).toMatchObject({ status: 'failed', checkpoint: (await h.store.readStream('pings'))[2]!.checkpoint });
    await runtime.stop();
    const fixed: number[] = [];
    await start([recordingReactor('fragile', fixed)]);
    await eventually(() => fixed.length === 3);
    expect(fixed).toEqual([4, 5, 6]);
  });

  it('does not make waitFor wait for a reactor that is behind', async () => {
    const runtime = await start([recordingReactor('stuck', [], new Set([1]))]);
    const { checkpoint } = await h.store.append('pings', [ping(1)]);
    await runtime.waitFor(checkpoint, 2_000);
    await eventually(async () => (await runtime.status())[0]?.status === 'failed');
  });
});
