// An in-memory copy of a read model kept in step with it (decisions 178 and 279), for a read the
// database cannot answer fast enough (the skill search's typo-tolerant word index). A feature declares the
// copy (defineMemoryCopy): how to make it empty, load the read model whole into it, and bring it up to date
// from a position (its own change table, one row per changed key with the log position of the change);
// the read seams (read-seams.ts) make one per declaration and the API asks it for the copy.
//
// When it reads the changes: before the first read after `changed()` (the API calls it when the read
// models show a write of this process, before the requests waiting for that write go on), and whenever its
// last read began more than `maxAgeMs` before a read was asked: that bounds how late any other write shows
// (another process's, a reactor's). The change notices are no help: a projector need not send any, and
// another read model's notice can come before this one has the change. Concurrent reads share one
// catch-up; a catch-up that fails fails the reads waiting for it, and the next read tries again.

export interface MemoryCopyDeclaration<DB, T, P> {
  /** Names the copy in messages. */
  name: string;
  /** A read never answers a copy whose last catch-up began longer ago than this. Default 1,000 ms. */
  maxAgeMs?: number;
  /** The empty copy, made once: `load` and `catchUp` change it in place, reads answer it. */
  create(): T;
  /** Reads the read model whole into the copy; answers the position the copy now stands at. */
  load(db: DB, copy: T): Promise<P>;
  /**
   * Applies the changes after `at` to the copy and answers the position reached (or loads it anew when the
   * read model was replaced, as by a rebuild). A failure must leave `at` still true of the copy.
   */
  catchUp(db: DB, copy: T, at: P): Promise<P>;
}

/** A feature's declaration of an in-memory copy: checked by its type, made by the read seams. */
export const defineMemoryCopy = <DB, T, P>(declaration: MemoryCopyDeclaration<DB, T, P>): MemoryCopyDeclaration<DB, T, P> => declaration;

export interface MemoryCopy<T> {
  /** The copy, showing every change the read model held when this was called (and at earlier `changed()`). */
  current(): Promise<T>;
  /** The read model may have changed: the next read catches up first. */
  changed(): void;
}

export interface MemoryCopyOptions {
  maxAgeMs?: number;
  now?: () => number;
}

export const followMemoryCopy = <DB, T, P>(
  db: DB,
  declaration: MemoryCopyDeclaration<DB, T, P>,
  { maxAgeMs = declaration.maxAgeMs ?? 1_000, now = () => performance.now() }: MemoryCopyOptions = {},
): MemoryCopy<T> => {
  const copy = declaration.create();
  /** Where the copy stands; absent until its first load. */
  let at: { position: P } | null = null;
  /** Calls of changed() so far, and how many of them the last finished read began after. */
  let marks = 0;
  let seen = -1;
  /** When the last finished read began. */
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | null = null;

  const read = async () => {
    const startMarks = marks;
    const startedAt = now();
    at = { position: at === null ? await declaration.load(db, copy) : await declaration.catchUp(db, copy, at.position) };
    seen = startMarks;
    readAt = startedAt;
  };

  return {
    changed() {
      marks += 1;
    },
    async current() {
      const asked = now();
      const wanted = marks;
      // A read that began before this one was asked for may have missed what it must show.
      while (seen < wanted || readAt < asked - maxAgeMs) {
        reading ??= read().finally(() => {
          reading = null;
        });
        await reading;
      }
      return copy;
    },
  };
};
