// A follower that stops advancing while events wait is seen (status `stalled`, health `degraded`) and
// restarted in the same process (projections/runtime/stall-watch.ts); and on PostgreSQL, followers
// whose connections the server ends (pg_terminate_backend) come back by themselves once it answers.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../eventstore/types.js';
import { balancesProjector } from '../../projections/balances/projector.js';
import { membersProjector } from '../../projections/members/projector.js';
import { getMember } from '../../projections/members/queries.js';
import type { ProjectionRuntimeOptions } from '../../projections/runtime/projection-runtime.js';
import type { LogReactor } from '../../projections/runtime/reactor-consumer.js';
import { followerRuntimes } from './support/follower-runtimes.js';
import { eventually, type Harness } from './support/harness.js';
import { testTargets } from './support/test-databases.js';

const meta = () => ({ eventId: randomUUID(), occurredAt: new Date().toISOString(), actorId: null, correlationId: randomUUID(), causationId: null, schemaVersion: 1 });
const ping = (n: number) => ({ type: 'Pinged', data: { n }, metadata: meta() });
const register = (id: string) => ({
  type: 'MemberRegistered',
  data: { memberId: id, email: `${id}@example.com`, name: id, timeZone: 'UTC', registeredAt: new Date().toISOString() },
  metadata: meta(),
});

/** Appends, trying again at once while the pool finds its connections ended (the first use of each fails). */
const appendSoon = async (h: Harness, stream: string, events: ReturnType<typeof ping>[]) => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await h.store.append(stream, events);
    } catch (error) {
      if (attempt >= 20) throw error;
    }
  }
};

describe.each(testTargets())('liveness of the log followers on $kind', (target) => {
  const followers = followerRuntimes(target);
  let h: Harness;
  beforeEach(() => {
    h = followers.h;
  });
  const start = (options: Partial<ProjectionRuntimeOptions>) => followers.start(options);

  it('reports a follower stuck while events wait as stalled, and restarts it in the same process', async () => {
    const seen: number[] = [];
    let hangs = true;
    // Its first reaction never settles: a read on a connection that died without telling anyone.
    const hanging: LogReactor = {
      name: 'hangs-once',
      handles: ['Pinged'],
      async react(events: readonly RecordedEvent[]) {
        if (hangs) {
          hangs = false;
          await new Promise(() => {});
        }
        for (const event of events) seen.push((event.data as { n: number }).n);
      },
    };
    const runtime = await start({ reactors: [hanging], stallAfterMs: 1_000 });
    await h.store.append('pings', [ping(1), ping(2)]);
    await eventually(async () => (await runtime.status())[0]?.stalled === true, 20_000);
    expect((await runtime.status())[0]).toMatchObject({ name: 'hangs-once', stalled: true });
    expect((await runtime.status())[0]?.lag).toBeGreaterThan(0);
    // Woken first; still stuck, it is replaced by a new follower, which reacts.
    await eventually(() => seen.length === 2, 30_000);
    expect(seen).toEqual([1, 2]);
    await eventually(async () => {
      const [status] = await runtime.status();
      return status?.stalled === false && status.lag === 0;
    }, 20_000);
  });

  it.runIf(target.kind === 'postgres')(
    'comes back by itself when the server ends every connection of the database, and applies what was appended meanwhile',
    async () => {
      const seen: number[] = [];
      const reactor: LogReactor = {
        name: 'survivor',
        handles: ['Pinged'],
        async react(events: readonly RecordedEvent[]) {
          for (const event of events) if (!seen.includes((event.data as { n: number }).n)) seen.push((event.data as { n: number }).n);
        },
      };
      // A long poll: only the wake-up (LISTEN, on a connection that is about to die) or the watch brings it back promptly.
      const runtime = await start({ projectors: [membersProjector, balancesProjector], reactors: [reactor], pollIntervalMs: 60_000, stallAfterMs: 2_000 });
      await h.store.append('pings', [ping(1)]);
      await eventually(() => seen.length === 1, 20_000);
      const admin = new pg.Client({ connectionString: followers.database.env.DATABASE_URL });
      await admin.connect();
      try {
        const { rowCount } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
        expect(rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      await appendSoon(h, 'pings', [ping(2), ping(3)]);
      const id = `after-${randomUUID()}`;
      await appendSoon(h, `member-${id}`, [register(id) as never]);
      await eventually(() => seen.length === 3, 60_000);
      expect(seen).toEqual([1, 2, 3]);
      await eventually(async () => (await getMember(h.sql.db, id)) !== null, 60_000);
      await eventually(async () => (await runtime.status()).every((s) => s.status === 'live' && s.lag === 0 && !s.stalled), 30_000);
    },
    // Its own limit: the followers reconnect and the stall watch acts within the waits above (up to 60 s each
    // on a busy machine), which the int tier's 30 s default cuts short.
    120_000,
  );
});
