// A follower woken by LISTEN/NOTIFY can stop in a short database outage while its lag reads 0 (Marten
// had this bug): the wake it waits for was sent on a connection that died. Every few seconds this looks
// at each following follower's heartbeat; one that has not read the log for `stallAfterMs` while
// events wait is stalled: it is woken (a lost wake), and replaced by a new follower if it still does
// not move (a read hanging on a dead connection). Health reports stalled followers by name.
import type { EventStore } from '../../eventstore/types.js';
import type { LogFollower } from './log-follower.js';
import type { RuntimeLogger } from './logger.js';

export interface StallWatchOptions {
  store: Pick<EventStore, 'countAfter'>;
  followers: () => readonly LogFollower[];
  stallAfterMs: number;
  restart: (follower: LogFollower) => void;
  logger: RuntimeLogger;
}

export const createStallWatch = (options: StallWatchOptions) => {
  const { store, stallAfterMs, logger } = options;
  /** Followers seen stalled, and when they were woken for it. */
  const stalled = new Map<LogFollower, number>();
  let timer: NodeJS.Timeout | null = null;
  let checking = false;

  const check = async () => {
    if (checking) return;
    checking = true;
    try {
      const now = Date.now();
      for (const follower of options.followers()) {
        const following = follower.state === 'catching-up' || follower.state === 'live';
        if (!following || now - follower.heartbeatAt < stallAfterMs) {
          stalled.delete(follower);
          continue;
        }
        const waiting = await store.countAfter(follower.position).catch(() => 0);
        if (waiting === 0) {
          stalled.delete(follower);
          continue;
        }
        const wokenAt = stalled.get(follower);
        if (wokenAt === undefined) {
          logger.warn({ follower: follower.name, waiting }, 'follower has not advanced while events wait; waking it');
          stalled.set(follower, now);
          follower.wake();
        } else if (now - wokenAt >= stallAfterMs) {
          stalled.delete(follower);
          options.restart(follower);
        }
      }
      for (const follower of stalled.keys()) if (!options.followers().includes(follower)) stalled.delete(follower);
    } finally {
      checking = false;
    }
  };

  return {
    start() {
      const every = Math.max(250, Math.min(5_000, Math.floor(stallAfterMs / 2)));
      timer = setInterval(() => void check().catch((error: unknown) => logger.warn({ err: error }, 'stall check failed')), every);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    /** Seen stalled at the last check, or without a heartbeat for twice the limit while following. */
    isStalled(follower: LogFollower): boolean {
      return stalled.has(follower);
    },
  };
};
