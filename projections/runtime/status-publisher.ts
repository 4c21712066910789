// What the runtime holding a follower's lock tells the runtimes standing by for it (PostgreSQL, several
// API processes): its state, a rebuild's progress, whether it is stalled, its heartbeat and who holds it,
// on the follower's checkpoint row, which already carries the position and the failure. Written when
// the state changes (rare), and on a timer while a rebuild's progress moves or the heartbeat grows old:
// never per event. A standby's status() reads it back (remote-status.ts).
import { sql } from 'kysely';
import type { SqlConnection } from '../../eventstore/sql-database.js';
import { CHECKPOINTS_TABLE, type PublishedStatus } from './bookkeeping.js';
import type { LogFollower } from './log-follower.js';
import type { RuntimeLogger } from './logger.js';

export interface StatusPublisherOptions {
  sql: SqlConnection;
  /** This runtime, as the rows name their holder. */
  runtimeId: string;
  followers: () => readonly LogFollower[];
  snapshot: (follower: LogFollower) => Omit<PublishedStatus, 'holder'>;
  logger: RuntimeLogger;
  /** How often a change that is not a state's (progress, stalled) is published. */
  intervalMs: number;
  /** How old the published heartbeat may grow while nothing else changes. */
  heartbeatMs: number;
}

interface Published {
  key: string;
  at: number;
}

interface Due extends Omit<PublishedStatus, 'holder'> {
  name: string;
  /** First write since the lock was taken: it names this runtime the holder whoever was before. */
  claim: boolean;
}

const keyOf = (status: Pick<PublishedStatus, 'state' | 'rebuild' | 'stalled' | 'rebuildFailure'>) =>
  JSON.stringify([status.state, status.rebuild, status.stalled, status.rebuildFailure]);

export const createStatusPublisher = (options: StatusPublisherOptions) => {
  const { runtimeId, logger } = options;
  /** By row name: what this runtime last wrote there while holding the follower. */
  const published = new Map<string, Published>();
  let timer: NodeJS.Timeout | null = null;
  let soon: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;
  let again = false;

  const due = (): Due[] => {
    const now = Date.now();
    const rows: Due[] = [];
    for (const follower of options.followers()) {
      const name = follower.consumer.rowName;
      const last = published.get(name);
      if (!follower.holdsLock && !last) continue; // it stands by: the holder writes the row
      const snapshot = options.snapshot(follower);
      if (!follower.holdsLock) {
        // A follower restarted in this runtime takes the lock again: its row stays claimed meanwhile.
        if (follower.state === 'starting') continue;
        published.delete(name);
        // Another runtime took it over, and writes the row now.
        if (follower.state === 'standby') continue;
        // Released (stopped): said once, unless the next holder has claimed the row already.
        const state = snapshot.state === 'failed' ? 'failed' : 'stopped';
        if (last!.key !== keyOf({ ...snapshot, state })) rows.push({ name, claim: false, ...snapshot, state });
        continue;
      }
      if (last && last.key === keyOf(snapshot) && now - last.at < options.heartbeatMs) continue;
      rows.push({ name, claim: !last, ...snapshot });
    }
    return rows;
  };

  const write = async (rows: Due[]): Promise<void> => {
    if (rows.length === 0) return;
    // In name order, as every runtime writes them: two statements lock shared rows in the same order.
    rows.sort((a, b) => a.name.localeCompare(b.name));
    const column = <T>(pick: (row: Due) => T) => rows.map(pick);
    const json = (value: object | null) => (value ? JSON.stringify(value) : null);
    // One statement for all: a row is written when this runtime claims it (it holds the lock) or still holds it.
    const { rows: written } = await sql<{ name: string }>`update ${sql.table(CHECKPOINTS_TABLE)} as c
      set holder = ${runtimeId}, state = v.state, rebuild = v.rebuild::jsonb, stalled = v.stalled::boolean, heartbeat_at = v.heartbeat_at::timestamptz,
        rebuild_failure = v.rebuild_failure::jsonb
      from unnest(${column((r) => r.name)}::text[], ${column((r) => r.state)}::text[], ${column((r) => json(r.rebuild))}::text[],
        ${column((r) => String(r.stalled))}::text[], ${column((r) => r.heartbeatAt)}::text[], ${column((r) => String(r.claim))}::text[],
        ${column((r) => json(r.rebuildFailure))}::text[])
        as v(name, state, rebuild, stalled, heartbeat_at, claim, rebuild_failure)
      where c.name = v.name and (v.claim = 'true' or c.holder = ${runtimeId})
      returning c.name`.execute(options.sql.handle);
    const now = Date.now();
    const names = new Set(written.map((r) => r.name));
    for (const row of rows) {
      const holding = options.followers().some((f) => f.consumer.rowName === row.name && f.holdsLock);
      // Not written while holding: no row yet (a new read model prepares it), so the claim is tried again.
      if (holding && names.has(row.name)) published.set(row.name, { key: keyOf(row), at: now });
      else if (holding) published.delete(row.name);
    }
  };

  const flush = (): Promise<void> => {
    if (flushing) {
      again = true;
      return flushing;
    }
    flushing = (async () => {
      do {
        again = false;
        await write(due()).catch((error: unknown) => logger.warn({ err: error }, 'could not publish the status of the followers held here'));
      } while (again);
    })().finally(() => (flushing = null));
    return flushing;
  };

  return {
    start() {
      timer = setInterval(() => void flush(), options.intervalMs);
      timer.unref();
    },
    /** A follower's state changed: published at once (coalesced with the others changing now). */
    changed() {
      if (!timer || soon) return;
      soon = setTimeout(() => {
        soon = null;
        void flush();
      }, 0);
    },
    /** Publishes what is due now (a control's outcome is recorded after it, so its asker reads the holder's status). */
    flush,
    /** Publishes the last states (the followers stopped: 'stopped' where no other runtime took over). */
    async stop() {
      if (timer) clearInterval(timer);
      if (soon) clearTimeout(soon);
      timer = soon = null;
      await flush();
    },
  };
};
