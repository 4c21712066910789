// The operators' controls with several API processes on one PostgreSQL database (issue 30 point 1): a
// control asked of a runtime standing by for a follower reaches the runtime holding its lock through a
// row of projection_controls and a NOTIFY, and resolves with the holder's outcome; every runtime's
// status (a failed rebuild included) and 'catching up' tell what the holder published. Two runtimes in this test process stand for two processes,
// each on its own connections. On PGlite (one process owns the database) controls stay in the process.
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { requestProjectionRebuild } from '../../commands/follower-operations/request-projection-rebuild.js';
import { skipFollowerEvent } from '../../commands/follower-operations/skip-follower-event.js';
import { CATCHING_UP_HEADER, parseCatchingUp } from '../../api/contracts/catching-up.js';
import { registerCatchingUp } from '../../api/plugins/catching-up.js';
import { wireCommands } from '../../commands/wiring.js';
import { FOLLOWER_OPERATIONS_STREAM } from '../../domain/follower-operations/events.js';
import type { Checkpoint, RecordedEvent } from '../../eventstore/types.js';
import { ledgerTransactionsProjector } from '../../projections/ledger-transactions/projector.js';
import { membersProjector } from '../../projections/members/projector.js';
import { ensureRuntimeTables } from '../../projections/runtime/bookkeeping.js';
import type { FollowerStatus } from '../../projections/runtime/follower-operations.js';
import type { ProjectionRuntime } from '../../projections/runtime/projection-runtime.js';
import type { LogReactor } from '../../projections/runtime/reactor-consumer.js';
import type { Projector } from '../../projections/types.js';
import { followerRuntimes } from './support/follower-runtimes.js';
import { eventually, type Harness } from './support/harness.js';
import { testProjectors } from './support/projectors.js';
import { seedHistory } from './support/seed.js';
import { testTargets } from './support/test-databases.js';

const meta = () => ({ eventId: randomUUID(), occurredAt: new Date().toISOString(), actorId: null, correlationId: randomUUID(), causationId: null, schemaVersion: 1 });
const ping = (n: number) => ({ type: 'Pinged', data: { n }, metadata: meta() });

/** Records the n of every Pinged once; throws on those in `failOn` (a set the test may empty: the fix shipped). */
const recordingReactor = (name: string, seen: number[], failOn = new Set<number>()): LogReactor => ({
  name,
  handles: ['Pinged'],
  async react(events: readonly RecordedEvent[]) {
    for (const event of events) {
      const { n } = event.data as { n: number };
      if (failOn.has(n)) throw new Error(`ping ${n} cannot be handled`);
      if (!seen.includes(n)) seen.push(n);
    }
  },
});

const statusOf = async (runtime: ProjectionRuntime, name: string): Promise<FollowerStatus> => (await runtime.status()).find((s) => s.name === name)!;

/** What every process must tell alike about a follower. */
const truth = (s: FollowerStatus) => ({ status: s.status, checkpoint: s.checkpoint, lag: s.lag, failure: s.failure, holder: s.holder });

const controlRows = async (h: Harness) =>
  (
    await sql<{
      action: string;
      done_at: Date | null;
      error: { code: string } | null;
    }>`select action, done_at, error from projection_controls order by requested_at`.execute(h.sql.db)
  ).rows;

const headOf = async (h: Harness): Promise<Checkpoint> => (await h.store.readAll({ after: null, limit: 1_000_000 })).at(-1)!.checkpoint;

describe.each(testTargets())('follower controls across processes on $kind', (target) => {
  const followers = followerRuntimes(target, (harness) => {
    const commands = wireCommands({ store: harness.store });
    const now = () => new Date().toISOString();
    return {
      batchSize: 3,
      lazyCheckpointMs: 0,
      recordSkip: (skip) => skipFollowerEvent(commands, skip, now()),
      recordRebuild: (request) => requestProjectionRebuild(commands, request, now()),
    };
  });

  /** A runtime holding every follower, and one on other connections standing by for them (as a second API process). */
  const twoProcesses = async (options: Parameters<typeof followers.start>[0], standbyOptions: Parameters<typeof followers.start>[0] = {}) => {
    const holder = await followers.start(options);
    await eventually(async () => (await holder.status()).every((s) => s.heldHere && s.status !== 'starting'));
    const holderId = (await holder.status())[0]!.holder;
    const standby = await followers.start({ ...options, standbyRetryMs: 60_000, ...standbyOptions }, await followers.openAnother());
    await eventually(async () => (await standby.status()).every((s) => !s.heldHere && s.holder === holderId));
    return { holder, standby, holderId };
  };

  it('carries out controls in the process that holds the follower, writing no control row', async () => {
    const { h } = followers;
    const seen: number[] = [];
    const runtime = await followers.start({ reactors: [recordingReactor('local', seen)] });
    await h.store.append('pings', [ping(1)]);
    await eventually(() => seen.length === 1);
    await runtime.pause('local');
    await eventually(async () => (await statusOf(runtime, 'local')).status === 'paused');
    await runtime.resume('local');
    await eventually(async () => (await statusOf(runtime, 'local')).status === 'live');
    const status = await statusOf(runtime, 'local');
    expect(status.heldHere).toBe(true);
    expect(status.holder).toEqual(expect.any(String));
    expect(await controlRows(h)).toEqual([]);
  });

  it('runs the migrations of the control table and the published columns again without failing', async () => {
    const { h } = followers;
    await ensureRuntimeTables(h.sql.db);
    // As if a second runtime had run them at the same moment: forgotten by the bookkeeping, run again on tables that have them.
    await sql`delete from projection_runtime_migrations where name like '20261129%'`.execute(h.sql.db);
    await ensureRuntimeTables(h.sql.db);
    const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'projection_checkpoints'`.execute(h.sql.db);
    expect(columns.rows.map((r) => r.column_name)).toEqual(expect.arrayContaining(['holder', 'state', 'rebuild', 'stalled', 'heartbeat_at']));
    expect(await controlRows(h)).toEqual([]);
  });

  if (target.kind === 'postgres') {
    it('pauses, resumes and retries a follower held by another process, each call resolving once the holder carried it out', async () => {
      const { h } = followers;
      const seen: number[] = [];
      const failOn = new Set([3]);
      const { holder, standby } = await twoProcesses({ reactors: [recordingReactor('remote', seen, failOn)] });
      await h.store.append('pings', [ping(1)]);
      await eventually(() => seen.length === 1);

      await standby.pause('remote');
      await eventually(async () => (await statusOf(holder, 'remote')).status === 'paused');
      await h.store.append('pings', [ping(2)]);
      await eventually(async () => (await statusOf(holder, 'remote')).lag === 1);
      expect(seen).toEqual([1]);

      await standby.resume('remote');
      await eventually(() => seen.length === 2);
      await h.store.append('pings', [ping(3), ping(4)]);
      await eventually(async () => (await statusOf(holder, 'remote')).status === 'failed');
      failOn.clear();
      await standby.retry('remote');
      await eventually(() => seen.length === 4);
      expect(seen).toEqual([1, 2, 3, 4]);
      await eventually(async () => (await statusOf(holder, 'remote')).status === 'live');
      // Retrying a follower that has not failed is refused by the holder, and the asker gets its refusal.
      await expect(standby.retry('remote')).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('has not failed') });
      expect((await controlRows(h)).map((r) => [r.action, r.done_at !== null, r.error?.code ?? null])).toEqual([
        ['pause', true, null],
        ['resume', true, null],
        ['retry', true, null],
        ['retry', true, 'CONFLICT'],
      ]);
    });

    it("shows the holder's state, position, lag and failure in the status of every process", async () => {
      const { h } = followers;
      const seen: number[] = [];
      const { holder, standby, holderId } = await twoProcesses({ reactors: [recordingReactor('watched', seen, new Set([2]))] });
      await h.store.append('pings', [ping(1), ping(2), ping(3)]);
      await eventually(async () => (await statusOf(holder, 'watched')).status === 'failed');
      await eventually(async () => isDeepStrictEqual(truth(await statusOf(standby, 'watched')), truth(await statusOf(holder, 'watched'))));
      const there = await statusOf(standby, 'watched');
      expect(there).toMatchObject({ status: 'failed', lag: 2, holder: holderId, heldHere: false, failure: { eventType: 'Pinged', error: 'ping 2 cannot be handled' } });
      expect(Date.parse(there.heartbeatAt!)).toBeGreaterThan(Date.now() - 60_000);

      await standby.pause('watched');
      await standby.skip('watched', 'sent by mistake');
      await eventually(async () => (await statusOf(standby, 'watched')).status === 'paused');
      await h.store.append('pings', [ping(4)]);
      await eventually(async () => isDeepStrictEqual(truth(await statusOf(standby, 'watched')), truth(await statusOf(holder, 'watched'))));
      // Past the skipped ping 2, before ping 3, the skip's own event and ping 4.
      expect(await statusOf(standby, 'watched')).toMatchObject({ status: 'paused', failure: null, lag: 3 });
    });

    it('skips the failing event through the process standing by, recording its reason and who asked', async () => {
      const { h } = followers;
      const seen: number[] = [];
      const { holder, standby } = await twoProcesses({ reactors: [recordingReactor('skipper', seen, new Set([2]))] });
      await h.store.append('pings', [ping(1), ping(2), ping(3)]);
      await eventually(async () => (await statusOf(holder, 'skipper')).status === 'failed');
      // A skip without a reason is refused where it is asked, before any process is bothered.
      await expect(standby.skip('skipper', '  ', { actorId: 'admin-2' })).rejects.toMatchObject({ code: 'VALIDATION' });
      expect(await controlRows(h)).toEqual([]);
      await standby.skip('skipper', 'ping 2 was sent by mistake', { actorId: 'admin-2' });
      await eventually(() => seen.length === 2);
      expect(seen).toEqual([1, 3]);
      const [skipped] = await h.store.readStream(FOLLOWER_OPERATIONS_STREAM);
      expect(skipped?.data).toMatchObject({ follower: 'skipper', kind: 'reactor', reason: 'ping 2 was sent by mistake', skippedBy: 'admin-2' });
    });

    it('rebuilds a read model held by another process, with its progress in every process, and answers how it ended', async () => {
      const { h } = followers;
      await seedHistory(h.store, { members: 100, sessionsPerMember: 6 });
      const { holder, standby } = await twoProcesses({ projectors: testProjectors, liveRebuildBatchSize: 20, publishIntervalMs: 20 });
      await holder.waitFor(await headOf(h), 20_000);

      const { finished } = await standby.rebuild('ledger-transactions', { actorId: 'admin-1', reason: 'ledger rows edited by hand' });
      // The holder refuses a second one while it runs; a reactor's name is refused where it is asked.
      await expect(standby.rebuild('ledger-transactions')).rejects.toMatchObject({ code: 'CONFLICT' });
      let settled = false;
      void finished.finally(() => (settled = true));
      const seen: { here: FollowerStatus; there: FollowerStatus }[] = [];
      while (!settled) {
        const [there, here] = [await statusOf(standby, 'ledger-transactions'), await statusOf(holder, 'ledger-transactions')];
        if (there.rebuild) seen.push({ here, there });
      }
      expect(await finished).toMatchObject({ status: 'swapped' });
      const partway = seen.filter(({ there }) => there.rebuild!.done > 0 && there.rebuild!.done < there.rebuild!.total);
      expect(partway.length).toBeGreaterThan(0);
      // The standby's progress is what the holder reported a moment before: never ahead of it, of the same total.
      expect(partway.every(({ here, there }) => here.rebuild === null || (there.rebuild!.total === here.rebuild.total && there.rebuild!.done <= here.rebuild.done))).toBe(
        true,
      );
      await eventually(async () => (await statusOf(standby, 'ledger-transactions')).rebuild === null);
      expect(await controlRows(h)).toEqual([
        expect.objectContaining({ action: 'rebuild', error: null }),
        expect.objectContaining({ action: 'rebuild', error: expect.objectContaining({ code: 'CONFLICT' }) }),
      ]);
      // Recorded once, by the holder that began it, with who asked through the other process and why; the refused one not at all.
      const recorded = await h.store.readStream(FOLLOWER_OPERATIONS_STREAM);
      expect(recorded.map((e) => [e.type, e.data])).toEqual([
        [
          'ProjectionRebuildRequested',
          expect.objectContaining({
            projection: 'ledger-transactions',
            version: ledgerTransactionsProjector.version,
            reason: 'ledger rows edited by hand',
            requestedBy: 'admin-1',
          }),
        ],
      ]);
    });

    it('shows a rebuild that failed in the holder, in the status of every process', async () => {
      const { h } = followers;
      await seedHistory(h.store, { members: 10, sessionsPerMember: 2 });
      const failing = { on: false };
      // The live follower writes through the projector's plan; only the build, which applies, fails.
      const flaky: Projector = {
        ...membersProjector,
        async apply(db, events) {
          if (failing.on) throw new Error('the build cannot be written');
          return membersProjector.apply(db, events);
        },
      };
      const { holder, standby } = await twoProcesses({ projectors: [flaky] });
      await holder.waitFor(await headOf(h), 20_000);
      failing.on = true;
      const { finished } = await standby.rebuild('members', { actorId: 'admin-4' });
      expect(await finished).toMatchObject({ status: 'failed' });
      // Published before the asker heard how it ended: both processes tell it at once, alike.
      const here = await statusOf(holder, 'members');
      expect(here).toMatchObject({ status: 'live', rebuild: null, rebuildFailure: { error: expect.stringContaining('the build cannot be written'), by: 'admin-4' } });
      expect((await statusOf(standby, 'members')).rebuildFailure).toEqual(here.rebuildFailure);

      failing.on = false;
      const again = await standby.rebuild('members', { actorId: 'admin-4' });
      expect(await again.finished).toMatchObject({ status: 'swapped' });
      expect((await statusOf(holder, 'members')).rebuildFailure).toBeNull();
      expect((await statusOf(standby, 'members')).rebuildFailure).toBeNull();
    });

    it('says a read model is catching up in a process standing by while the holder rebuilds its new version', async () => {
      const { h } = followers;
      await seedHistory(h.store, { members: 20, sessionsPerMember: 2 });
      // The current version's tables, as the last deploy left them.
      const current = await followers.start({ projectors: [membersProjector] });
      await current.waitFor(await headOf(h), 20_000);
      await current.stop();
      // The slowness is the workload (an expensive build), turned off once the test has seen what it came for.
      const slow = { on: true };
      const next: Projector = {
        ...membersProjector,
        version: membersProjector.version + 1,
        async apply(db, events) {
          // A workload, not a wait: each batch of the new version takes 20 ms while `slow` is on, so the rebuild outlasts the look.
          if (slow.on) await new Promise((resolve) => setTimeout(resolve, 20));
          return membersProjector.apply(db, events);
        },
      };
      const { holder, standby } = await twoProcesses({ projectors: [next], rebuildBatchSize: 1, publishIntervalMs: 20 });
      expect((await statusOf(standby, 'members')).heldHere).toBe(false);
      let moving: { done: number; total: number } | undefined;
      await eventually(() => {
        moving = standby.rebuilding().get('members');
        return moving !== undefined && moving.done > 0;
      }, 10_000);
      // What the holder published a moment before: of the same total, never ahead of it.
      const there = holder.rebuilding().get('members')!;
      expect(moving!.total).toBe(there.total);
      expect(moving!.done).toBeLessThanOrEqual(there.done);
      expect(moving!.total).toBeGreaterThan(moving!.done);
      // The standby process's answers of a route reading members say so, as the holder's do.
      const app = Fastify();
      registerCatchingUp(app, standby);
      app.get('/members-read', { config: { readModels: ['members'] } }, async () => ({ ok: true }));
      const answer = await app.inject({ method: 'GET', url: '/members-read' });
      expect(parseCatchingUp(answer.headers[CATCHING_UP_HEADER.toLowerCase()] as string)).toEqual([
        { readModel: 'members', done: expect.any(Number), total: there.total },
      ]);

      slow.on = false;
      await eventually(async () => (await statusOf(holder, 'members')).status === 'live', 20_000);
      await eventually(() => standby.rebuilding().size === 0);
      expect(holder.rebuilding().size).toBe(0);
      expect((await app.inject({ method: 'GET', url: '/members-read' })).headers[CATCHING_UP_HEADER.toLowerCase()]).toBeUndefined();
      await app.close();
    });

    it('carries out a control asked while no process held the follower once a holder starts', async () => {
      const { h } = followers;
      const { holder, standby } = await twoProcesses({ reactors: [recordingReactor('orphan', [])] }, { controlTimeoutMs: 20_000 });
      await holder.stop();
      await eventually(async () => (await statusOf(standby, 'orphan')).status === 'stopped');
      const asked = standby.pause('orphan');
      await eventually(async () => (await controlRows(h)).length === 1);
      expect((await controlRows(h))[0]!.done_at).toBeNull();

      const next = await followers.start({ reactors: [recordingReactor('orphan', [])] });
      await asked;
      await eventually(async () => (await statusOf(next, 'orphan')).status === 'paused');
      const nextId = (await statusOf(next, 'orphan')).holder;
      await eventually(async () => {
        const there = await statusOf(standby, 'orphan');
        return there.status === 'paused' && there.holder === nextId;
      });
    });

    it('withdraws a control no process took in time and tells its asker so', async () => {
      const { h } = followers;
      const { holder, standby } = await twoProcesses({ reactors: [recordingReactor('unheard', [])] }, { controlTimeoutMs: 300 });
      await holder.stop();
      await expect(standby.pause('unheard')).rejects.toMatchObject({ code: 'TIMEOUT', message: expect.stringContaining('withdrawn') });
      expect(await controlRows(h)).toEqual([
        expect.objectContaining({ action: 'pause', done_at: expect.any(Date), error: expect.objectContaining({ code: 'TIMEOUT' }) }),
      ]);
      // A holder that starts later does not carry it out.
      const next = await followers.start({ reactors: [recordingReactor('unheard', [])] });
      await eventually(async () => (await statusOf(next, 'unheard')).status === 'live');
      await h.store.append('pings', [ping(1)]);
      await eventually(async () => (await statusOf(next, 'unheard')).lag === 0);
      expect((await statusOf(next, 'unheard')).status).toBe('live');
    });

    it('refuses a control naming no follower in the asking process, without asking another', async () => {
      const { h } = followers;
      const { standby } = await twoProcesses({ reactors: [recordingReactor('known', [])] }, { controlTimeoutMs: 60_000 });
      await expect(standby.pause('no-such-follower')).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(standby.rebuild('known')).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('reactor') });
      expect(await controlRows(h)).toEqual([]);
    });
  }
});
