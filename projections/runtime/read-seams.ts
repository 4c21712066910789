// The projection runtime's seams for reads that need tuning (DESIGN.md §13: a feature that needs a cache
// or an in-memory copy of its read model declares it; the runtime provides it; decision 279). Made
// once in the composition root over the read models' database; a route asks it for the cache of a
// declared query (cached-query.ts) or the copy of a declared read model (memory-copy.ts), made at the first
// ask, one per declaration, and the API tells it two things: the change notices, ahead of the websocket
// hub, and that the read models show a write of this process, before the requests waiting for it go on.
import type { ChangeNotice } from '../types.js';
import { createQueryCache, type CachedQueryDeclaration, type QueryCache } from './cached-query.js';
import { followMemoryCopy, type MemoryCopy, type MemoryCopyDeclaration } from './memory-copy.js';

export interface CachedQuery<A, T> {
  /** The answer kept for `key` (what tells answers apart: the API's URL and variant), loaded with `args` when missing. */
  read(key: string, args: A): Promise<T>;
  /** Answers kept now. */
  size(): number;
}

export interface ReadSeams<DB> {
  /** The cache of a declared query: the same for every ask of one declaration. */
  cached<A, T>(declaration: CachedQueryDeclaration<DB, A, T>): CachedQuery<A, T>;
  /** The in-memory copy of a declared read model: the same for every ask of one declaration. */
  copy<T, P>(declaration: MemoryCopyDeclaration<DB, T, P>): MemoryCopy<T>;
  /** Clears the caches of the queries these notices can make stale. */
  noticed(notices: readonly ChangeNotice[]): void;
  /** A write of this process shows in the read models: every cache is cleared, every copy catches up at its next read. */
  shown(): void;
  /** Loads every copy made so far (at start, so the first read does not wait for it); a failure goes to `onFailure`. */
  warm(onFailure: (name: string, error: unknown) => void): void;
}

export interface ReadSeamsOptions {
  /** The clock of the caches' refresh and the copies' age (tests move it). */
  now?: () => number;
}

export const createReadSeams = <DB>(db: DB, { now }: ReadSeamsOptions = {}): ReadSeams<DB> => {
  const caches = new Map<object, { clearedBy: (payload: ChangeNotice['payload']) => boolean; cache: QueryCache; query: CachedQuery<never, unknown> }>();
  const copies = new Map<object, { name: string; copy: MemoryCopy<unknown> }>();

  return {
    cached<A, T>(declaration: CachedQueryDeclaration<DB, A, T>): CachedQuery<A, T> {
      const made = caches.get(declaration);
      if (made) return made.query as CachedQuery<A, T>;
      const { ttlMs, maxEntries, clearedBy, load } = declaration;
      const cache = createQueryCache({ ttlMs, maxEntries, ...(now && { now }) });
      const query: CachedQuery<A, T> = { read: (key, args) => cache.read(key, () => load(db, args)), size: cache.size };
      caches.set(declaration, { clearedBy, cache, query });
      return query;
    },
    copy<T, P>(declaration: MemoryCopyDeclaration<DB, T, P>): MemoryCopy<T> {
      const made = copies.get(declaration);
      if (made) return made.copy as MemoryCopy<T>;
      const copy = followMemoryCopy(db, declaration, now ? { now } : {});
      copies.set(declaration, { name: declaration.name, copy });
      return copy;
    },
    noticed(notices) {
      for (const { clearedBy, cache } of caches.values()) if (notices.some(({ payload }) => clearedBy(payload))) cache.clear();
    },
    shown() {
      for (const { cache } of caches.values()) cache.clear();
      for (const { copy } of copies.values()) copy.changed();
    },
    warm(onFailure) {
      for (const { name, copy } of copies.values()) copy.current().catch((error: unknown) => onFailure(name, error));
    },
  };
};
