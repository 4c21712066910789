// The operators' controls on the log followers (projections/runtime/follower-operations.ts): pause,
// resume, retry, skip with its recorded reason, startFrom for a new reactor, and the status they see.
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { skipFollowerEvent } from '../../commands/follower-operations/skip-follower-event.js';
import { wireCommands } from '../../commands/wiring.js';
import { FOLLOWER_OPERATIONS_STREAM } from '../../domain/follower-operations/events.js';
import type { MemberEvent } from '../../domain/member/events.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { readCheckpointRow } from '../../projections/runtime/bookkeeping.js';
import { defineCustomProjection, type Recorded } from '../../projections/runtime/define-projection.js';
import { FollowerControlError } from '../../projections/runtime/follower-operations.js';
import type { ProjectionRuntime, ProjectionRuntimeOptions } from '../../projections/runtime/projection-runtime.js';
import { reactorRowName, type LogReactor } from '../../projections/runtime/reactor-consumer.js';
import { defineTable, text } from '../../projections/runtime/table.js';
import { followerRuntimes } from './support/follower-runtimes.js';
import { eventually, type Harness } from './support/harness.js';
import { testTargets } from './support/test-databases.js';

const meta = () => ({ eventId: randomUUID(), occurredAt: new Date().toISOString(), actorId: null, correlationId: randomUUID(), causationId: null, schemaVersion: 1 });
const ping = (n: number) => ({ type: 'Pinged', data: { n }, metadata: meta() });
const bio = (memberId: string, text: string) => ({
  type: 'ProfileDetailsChanged',
  data: { memberId, bio: text } satisfies Extract<MemberEvent, { type: 'ProfileDetailsChanged' }>['data'],
  metadata: meta(),
});

/**
 * Records the n of every Pinged once (reactions may run again: a failed batch is replayed event by
 * event); throws on those in `failOn` (a set the test may empty: the fix shipped).
 */
const recordingReactor = (name: string, seen: number[], failOn = new Set<number>(), extra: Partial<LogReactor> = {}): LogReactor => ({
  name,
  handles: ['Pinged'],
  async react(events: readonly RecordedEvent[]) {
    for (const event of events) {
      const { n } = event.data as { n: number };
      if (failOn.has(n)) throw new Error(`ping ${n} cannot be handled`);
      if (!seen.includes(n)) seen.push(n);
    }
  },
  ...extra,
});

/** Stores every bio; throws on 'boom' while `broken.yes` (a custom projection: batches in a transaction). */
const broken = { yes: true };
const fragileBios = defineCustomProjection({
  name: 'fragile-bios',
  version: 1,
  migration: '20261128T1000-create-fragile-bio-rows',
  tables: { fragile_bio_rows: defineTable({ name: 'fragile_bio_rows', key: ['event_id'], columns: { event_id: text(), bio: text() }, onConflict: 'nothing' }) },
  canHandle: ['ProfileDetailsChanged'],
  async apply({ write }, events: readonly Recorded<MemberEvent>[]) {
    const rows = events.map((e) => ({ event_id: e.metadata.eventId, bio: (e.data as { bio?: string }).bio ?? '' }));
    if (broken.yes && rows.some((r) => r.bio === 'boom')) throw new Error('bio went boom');
    await write('fragile_bio_rows', rows);
    return [];
  },
});

describe.each(testTargets())('follower controls on $kind', (target) => {
  const followers = followerRuntimes(target, (harness) => {
    const commands = wireCommands({ store: harness.store });
    return { batchSize: 3, lazyCheckpointMs: 0, recordSkip: (skip) => skipFollowerEvent(commands, skip, new Date().toISOString()) };
  });
  let h: Harness;
  beforeEach(() => {
    h = followers.h;
  });
  const start = (options: Partial<ProjectionRuntimeOptions>) => followers.start(options);
  const statusOf = async (runtime: ProjectionRuntime, name: string) => (await runtime.status()).find((s) => s.name === name)!;
  const bios = async () =>
    (await h.sql.db.withTables<{ fragile_bio_rows: { bio: string } }>().selectFrom('fragile_bio_rows').select('bio').execute()).map((r) => r.bio).sort();

  beforeEach(() => {
    broken.yes = true;
  });

  it('pauses a follower where it stands and resumes it from there, reporting its lag meanwhile', async () => {
    const seen: number[] = [];
    // A follower beside it that is not paused: once it has reacted to the later pings, the paused one had
    // its chance to as well.
    const witnessed: number[] = [];
    const runtime = await start({ reactors: [recordingReactor('pausable', seen), recordingReactor('witness', witnessed)] });
    await h.store.append('pings', [ping(1)]);
    await eventually(() => seen.length === 1);
    await runtime.pause('pausable');
    await eventually(async () => (await statusOf(runtime, 'pausable')).status === 'paused');
    await h.store.append('pings', [ping(2), ping(3)]);
    await eventually(() => witnessed.length === 3);
    expect(seen).toEqual([1]);
    const paused = await statusOf(runtime, 'pausable');
    expect(paused).toMatchObject({ status: 'paused', lag: 2, failure: null, stalled: false });
    expect(paused.lagSeconds).toBeGreaterThanOrEqual(0);
    expect(Date.parse(paused.heartbeatAt!)).toBeGreaterThan(Date.now() - 10_000);
    await runtime.resume('pausable');
    await eventually(() => seen.length === 3);
    expect(seen).toEqual([1, 2, 3]);
    await eventually(async () => (await statusOf(runtime, 'pausable')).lag === 0);
    expect((await statusOf(runtime, 'pausable')).lagSeconds).toBe(0);
  });

  it('retries a failed follower from its failing event once the cause is gone', async () => {
    const seen: number[] = [];
    const failOn = new Set([2]);
    const runtime = await start({ reactors: [recordingReactor('retried', seen, failOn)] });
    await h.store.append('pings', [ping(1), ping(2), ping(3)]);
    await eventually(async () => (await statusOf(runtime, 'retried')).status === 'failed');
    expect(seen).toEqual([1]);
    expect((await statusOf(runtime, 'retried')).failure).toMatchObject({ eventType: 'Pinged', error: 'ping 2 cannot be handled' });
    failOn.clear();
    await runtime.retry('retried');
    await eventually(() => seen.length === 3);
    expect(seen).toEqual([1, 2, 3]);
    await eventually(async () => (await statusOf(runtime, 'retried')).status === 'live');
    expect((await statusOf(runtime, 'retried')).failure).toBeNull();
    // Retrying a follower that has not failed is refused.
    await expect(runtime.retry('retried')).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(runtime.retry('no-such-follower')).rejects.toBeInstanceOf(FollowerControlError);
  });

  it('skips the failing event of a projector with a reason recorded on the operations stream, and goes on after it', async () => {
    await h.store.append('member-skip', [bio('skip', 'before'), bio('skip', 'boom'), bio('skip', 'after')]);
    const runtime = await start({ projectors: [fragileBios] });
    await eventually(async () => (await statusOf(runtime, 'fragile-bios')).status === 'failed', 20_000);
    const { failure } = await statusOf(runtime, 'fragile-bios');
    expect(await bios()).toEqual(['before']);
    // A skip without a reason is refused and changes nothing.
    await expect(runtime.skip('fragile-bios', '  ', { actorId: 'admin-1' })).rejects.toMatchObject({ code: 'VALIDATION' });
    expect((await statusOf(runtime, 'fragile-bios')).status).toBe('failed');
    await runtime.skip('fragile-bios', 'a bio from the broken import', { actorId: 'admin-1' });
    await eventually(async () => (await bios()).length === 2, 20_000);
    expect(await bios()).toEqual(['after', 'before']);
    await eventually(async () => (await statusOf(runtime, 'fragile-bios')).status === 'live');
    expect((await statusOf(runtime, 'fragile-bios')).failure).toBeNull();
    const recorded = await h.store.readStream(FOLLOWER_OPERATIONS_STREAM);
    expect(recorded.map((e) => e.type)).toEqual(['FollowerEventSkipped']);
    expect(recorded[0]!.data).toMatchObject({
      follower: 'fragile-bios',
      kind: 'projector',
      eventId: failure!.eventId,
      position: failure!.position,
      eventType: 'ProfileDetailsChanged',
      error: 'bio went boom',
      reason: 'a bio from the broken import',
      skippedBy: 'admin-1',
    });
    expect(recorded[0]!.metadata).toMatchObject({ actorId: 'admin-1', causationId: failure!.eventId });
    // The row stands past the skipped event.
    const row = await readCheckpointRow(h.sql.db, 'fragile-bios');
    expect(h.store.compareCheckpoints(row!.checkpoint, failure!.checkpoint)).toBeGreaterThanOrEqual(0);
    // Nothing to skip on a follower that runs.
    await expect(runtime.skip('fragile-bios', 'again', { actorId: 'admin-1' })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('skips the failing event of a reactor and reacts to the rest', async () => {
    const seen: number[] = [];
    const runtime = await start({ reactors: [recordingReactor('skipper', seen, new Set([2]))] });
    await h.store.append('pings', [ping(1), ping(2), ping(3)]);
    await eventually(async () => (await statusOf(runtime, 'skipper')).status === 'failed');
    await runtime.skip('skipper', 'ping 2 was sent by mistake');
    await eventually(() => seen.length === 2);
    expect(seen).toEqual([1, 3]);
    const [skipped] = await h.store.readStream(FOLLOWER_OPERATIONS_STREAM);
    expect(skipped?.data).toMatchObject({ follower: 'skipper', kind: 'reactor', reason: 'ping 2 was sent by mistake', skippedBy: null });
  });

  it('starts a new reactor from the beginning, from the end, or after a position', async () => {
    await h.store.append('pings', [ping(1), ping(2)]);
    const { checkpoint: afterTwo } = await h.store.append('pings', [ping(3)]);
    await h.store.append('pings', [ping(4)]);
    const fromStart: number[] = [];
    const fromEnd: number[] = [];
    const fromPosition: number[] = [];
    await start({
      reactors: [
        recordingReactor('from-start', fromStart),
        recordingReactor('from-end', fromEnd, new Set(), { startFrom: 'end' }),
        recordingReactor('from-position', fromPosition, new Set(), { startFrom: { after: afterTwo } }),
      ],
    });
    await eventually(() => fromStart.length === 4 && fromPosition.length === 1);
    await h.store.append('pings', [ping(5)]);
    await eventually(() => fromStart.length === 5 && fromEnd.length === 1 && fromPosition.length === 2);
    expect(fromStart).toEqual([1, 2, 3, 4, 5]);
    expect(fromEnd).toEqual([5]);
    expect(fromPosition).toEqual([4, 5]);
    // Only a reactor without a row reads startFrom: started again, it goes on from its checkpoint.
    expect((await readCheckpointRow(h.sql.db, reactorRowName('from-end')))?.checkpoint).not.toBeNull();
  });
});
