// One read of the global log for all projectors of a runtime. Every projector follows the same log,
// usually a few events apart, and each read costs a query and the parsing of every event's JSON; so
// the runtime keeps the newest stretch it has read (a window) and answers a read that starts inside
// that window from memory, and readers asking the same question at the same moment share one query.
//
// A batch served from memory ends at the window's end, so it may be shorter than `limit` (the reader
// then asks again from there). Serving from memory is exact: readAll returns only events below the visibility horizon, whose
// order never changes and before which nothing can be inserted later, so the events that follow a
// checkpoint inside the window are the same whether read now or then. A window is extended only by a
// read that starts at its end, and replaced only by one that starts after it, so it stays contiguous.
import type { Checkpoint, EventStore, ReadAllOptions, RecordedEvent } from '../../eventstore/types.js';

export type ReadLog = (options: ReadAllOptions) => Promise<RecordedEvent[]>;

export interface SharedLogReader extends ReadLog {
  /** An append was announced: the next read asks the database even where it just found nothing. */
  appended(): void;
}

const DEFAULT_WINDOW_EVENTS = 5_000;
/**
 * Projectors that finish the same batch a moment apart each ask what follows it; under load a third of
 * the log reads were such repeats, finding nothing. An empty answer is given again for this long, until
 * an append is announced. A reader told "nothing" rechecks soon after anyway (log-follower.ts), so an
 * event that became visible without an announcement inside this window is read a few ms later.
 */
const EMPTY_REUSE_MS = 2;

export const createSharedLogReader = (
  store: Pick<EventStore, 'readAll' | 'compareCheckpoints'>,
  windowEvents = DEFAULT_WINDOW_EVENTS,
  now: () => number = Date.now,
): SharedLogReader => {
  /** The checkpoint just before window[0]: null is the start of the log, undefined no window yet. */
  let windowStart: Checkpoint | null | undefined;
  let window: RecordedEvent[] = [];
  /** Position in `window` after each event's checkpoint (the index of the next event). */
  let after = new Map<Checkpoint | null, number>();
  const inflight = new Map<string, Promise<RecordedEvent[]>>();
  /** Where a read last found nothing, and when; null once an append was announced since. */
  let empty: { from: Checkpoint | null; at: number } | null = null;
  /** Appends announced so far: a read that overlapped one does not record its empty answer. */
  let appends = 0;

  const windowEnd = (): Checkpoint | null | undefined => (window.length > 0 ? window[window.length - 1]!.checkpoint : windowStart);

  const reset = (start: Checkpoint | null, events: RecordedEvent[]) => {
    windowStart = start;
    window = events;
    after = new Map([[start, 0]]);
    events.forEach((event, i) => after.set(event.checkpoint, i + 1));
  };

  const remember = (from: Checkpoint | null, events: RecordedEvent[]) => {
    if (events.length === 0) return;
    const end = windowEnd();
    if (end === undefined || store.compareCheckpoints(from, end) > 0) {
      reset(from, events.slice(-windowEvents));
      return;
    }
    if (from !== end) return; // a reader behind the window: keep serving the newer stretch
    for (const event of events) {
      window.push(event);
      after.set(event.checkpoint, window.length);
    }
    if (window.length >= 2 * windowEvents) {
      // Rebuilt rather than shifted in place: the map's indexes must match the new array. Trimmed only
      // at twice the size, so the rebuild of the map is paid once per `windowEvents` events, not per read.
      const kept = window.slice(-windowEvents);
      reset(window[window.length - kept.length - 1]!.checkpoint, kept);
    }
  };

  const read: ReadLog = async ({ after: from, limit }) => {
    const index = after.get(from);
    if (index !== undefined && index < window.length) return window.slice(index, index + limit);
    if (empty && empty.from === from && now() - empty.at < EMPTY_REUSE_MS) return [];
    // A query sent before the latest announced append may have missed its events: a reader woken by
    // that append waits for a query of its own rather than take that answer (and wait out a recheck).
    const generation = appends;
    const key = `${from ?? ''}|${limit}|${generation}`;
    let read = inflight.get(key);
    if (!read) {
      read = store.readAll({ after: from, limit }).then((events) => {
        remember(from, events);
        // Not if an append was announced while the query ran: its events may have missed this read.
        if (events.length === 0 && generation === appends) empty = { from, at: now() };
        return events;
      });
      inflight.set(key, read);
      void read.finally(() => inflight.delete(key)).catch(() => {});
    }
    return read;
  };
  return Object.assign(read, {
    appended() {
      appends += 1;
      empty = null;
    },
  });
};
