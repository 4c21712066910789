// A read-through cache of one query's answers (decisions 175 and 279): answers that are the same
// for every member, such as the feed's first page before each member's likes are marked. A feature
// declares the query next to its read model (defineCachedQuery: how it loads, which change notices make
// its answers stale); the read seams (read-seams.ts) make its cache, and the API asks it per key (the
// URL and a variant: an admin's page shows deleted posts), so a crowd of members opening the page costs
// one read until something changes. It never hides a change:
// - a notice the declaration names clears every answer of the query before any socket is told to refetch
//   (the composition root hands the seams the notices ahead of the websocket hub); a load that overlapped
//   the clear is answered to the requests that asked for it, but neither kept nor joined;
// - when the read models show a write noted in this process, every answer is cleared before the
//   requests waiting for that write go on (the API's read-your-writes), so from then on nobody here is
//   answered by a value loaded before it (a write of another process shows here with its notice);
// - an answer is refreshed `ttlMs` (2 s) after its load, which bounds what depends on the clock (a card's
//   AI status): the old answer is given while one request's refresh loads, so nobody waits for it.
// Concurrent requests for a missing answer share one load, so a clear under load costs one read, not one
// per waiting request.
import type { ChangeNotice } from '../types.js';

export interface CachedQueryDeclaration<DB, A, T> {
  /** Names the query in messages. */
  name: string;
  /** Whether a change notice with this payload can make an answer stale: one such notice clears them all. */
  clearedBy(payload: ChangeNotice['payload']): boolean;
  /** Reads the answer from the read models (`db`, as the composition root gave the seams). */
  load(db: DB, args: A): Promise<T>;
  /** How long after its load an answer is refreshed without a notice. Default 2,000 ms. */
  ttlMs?: number;
  /** Answers kept at most (the oldest key goes first). Default 256. */
  maxEntries?: number;
}

/** A feature's declaration of a cached query: checked by its type, made by the read seams. */
export const defineCachedQuery = <DB, A, T>(declaration: CachedQueryDeclaration<DB, A, T>): CachedQueryDeclaration<DB, A, T> => declaration;

export interface QueryCache {
  /** The value of `load` for `key`, kept and shared until a clear or its refresh. */
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets every value; a load already running is answered to those who asked, but not kept. */
  clear(): void;
  size(): number;
}

export interface QueryCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  value: Promise<unknown>;
  /** When the value is due for a refresh; null while its first load runs (others may join it). */
  refreshAt: number | null;
  refreshing: boolean;
}

export const createQueryCache = ({ ttlMs = 2_000, maxEntries = 256, now = Date.now }: QueryCacheOptions = {}): QueryCache => {
  const entries = new Map<string, Entry>();
  // A clear starts an epoch; a load begun in an earlier one is not kept.
  let epoch = 0;

  /** Loads the value for `key` as of now, kept once loaded if no clear came meanwhile. */
  const loadInto = (key: string, load: () => Promise<unknown>, previous?: Entry): Promise<unknown> => {
    const inEpoch = epoch;
    const entry: Entry = { value: load(), refreshAt: null, refreshing: false };
    if (!previous) {
      if (!entries.has(key) && entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, entry);
    }
    entry.value.then(
      () => {
        const current = entries.get(key);
        if (epoch === inEpoch && (current === entry || current === previous)) entries.set(key, { ...entry, refreshAt: now() + ttlMs });
      },
      () => {
        const current = entries.get(key);
        if (current === entry) entries.delete(key);
        else if (current && current === previous) current.refreshing = false;
      },
    );
    return entry.value;
  };

  return {
    read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const found = entries.get(key);
      if (!found) return loadInto(key, load) as Promise<T>;
      // Past its time the value is still answered while one refresh loads: the time only bounds what
      // depends on the clock; a change clears the entry instead.
      if (found.refreshAt !== null && found.refreshAt <= now() && !found.refreshing) {
        found.refreshing = true;
        void loadInto(key, load, found).catch(() => {});
      }
      return found.value as Promise<T>;
    },
    clear() {
      entries.clear();
      epoch += 1;
    },
    size: () => entries.size,
  };
};
