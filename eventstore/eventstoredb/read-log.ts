// readLog on EventStoreDB (log-browser.ts): a scan of $all filtered in the client. The server could
// filter by stream prefix and event type only, and only in subscriptions: client 6.2.1's readAll takes no
// filter at all. So every filter, the subject's rules (log-subjects.ts) included, is applied here, and a
// call scans at most `maxScan` records: a page can then hold fewer than `limit` events while `next` is
// not null (the scan stopped there; the caller asks on). Not held to the SQL bench (docs/decisions.md).
import { BACKWARDS, END, FORWARDS, START } from '@eventstore/db-client';
import type { AllStreamResolvedEvent, EventStoreDBClient } from '@eventstore/db-client';
import { checkLogQuery, type CheckedLogQuery, type LogEntry, type LogPage, type LogQuery } from '../log-browser.js';
import { subjectIdsOf } from '../log-subjects.js';
import { parseEsdbCheckpoint, toEsdbCheckpoint, type LogPosition } from './checkpoints.js';
import { withRetries } from './failures.js';
import { drain, toRecorded, type ReadSettings } from './reads.js';

/** Records read per call at most, matching or not. */
export const DEFAULT_MAX_SCAN = 10_000;

const ESDB_CURSOR = /^esdb:(0|[1-9]\d*):(0|[1-9]\d*)$/;

function matches(q: CheckedLogQuery, e: LogEntry, created: number): boolean {
  const m = e.metadata;
  return (
    (q.types === null || q.types.includes(e.type)) &&
    (q.streamPrefix === null || e.streamId.startsWith(q.streamPrefix)) &&
    (q.actorId === null || m.actorId === q.actorId) &&
    (q.correlationId === null || m.correlationId === q.correlationId) &&
    (q.causationId === null || m.causationId === q.causationId) &&
    (q.from === null || created >= Date.parse(q.from)) &&
    (q.to === null || created < Date.parse(q.to)) &&
    (q.subjectId === null || subjectIdsOf(e.streamId, e.data).includes(q.subjectId))
  );
}

export const readEsdbLog = (client: EventStoreDBClient, settings: ReadSettings, query: LogQuery, maxScan = DEFAULT_MAX_SCAN): Promise<LogPage> =>
  withRetries('reading $all for the log browser', settings.retry, async () => {
    const q = checkLogQuery(query, (cursor) => ESDB_CURSOR.test(cursor));
    const newestFirst = q.order === 'newest-first';
    const start: LogPosition | null = q.after === null ? null : parseEsdbCheckpoint(q.after);
    const found: LogEntry[] = [];
    const scan = { count: 0, last: null as LogPosition | null };
    const read = client.readAll({
      fromPosition: start ?? (newestFirst ? END : START),
      direction: newestFirst ? BACKWARDS : FORWARDS,
      maxCount: maxScan + 1, // +1: the record at the cursor itself may come back (positions are inclusive)
    });
    const visit = (resolved: AllStreamResolvedEvent) => {
      const position = resolved.event?.position;
      if (start && position && position.commit === start.commit && position.prepare === start.prepare) return true;
      if (scan.count >= maxScan) return false;
      scan.count++;
      if (position) scan.last = position;
      const recorded = toRecorded(resolved);
      if (!recorded || !resolved.event) return true;
      const entry: LogEntry = { ...recorded, recordedAt: resolved.event.created.toISOString() };
      if (matches(q, entry, resolved.event.created.getTime())) found.push(entry);
      return found.length <= q.limit;
    };
    await drain(read, visit, settings.deadlineMs, 'reading $all for the log browser');
    const page = found.slice(0, q.limit);
    if (found.length <= q.limit && scan.count < maxScan) return { events: page, next: null };
    const cursorAt = found.length > q.limit ? positionOf(page[page.length - 1]!) : scan.last;
    return { events: page, next: cursorAt ? toEsdbCheckpoint(cursorAt) : null };
  });

const positionOf = (entry: LogEntry): LogPosition => parseEsdbCheckpoint(entry.checkpoint);
