// A session's dispute evidence pack (issue 33 point 5; api/contracts/admin-evidence.ts), built from the log
// alone: the session's stream and its booking's, then every event of the conversations they began (by
// correlation id: the holds and their settlement in both ledgers, the slots, the thread, each
// modification), in log order. Members' names and time zones come from their own streams. The pack's
// bytes are its canonical JSON (RFC 8785), so the same history gives the same SHA-256 on any machine.
import { createHash } from 'node:crypto';
import { tz } from '@date-fns/tz';
import canonicalize from 'canonicalize';
import { format } from 'date-fns';
import type { MemberState } from '../../../domain/member/state.js';
import { bookingStreamId, sessionStreamId } from '../../../commands/stream-ids.js';
import type { EventStore, LogBrowser, LogEntry, RecordedEvent } from '../../../eventstore/types.js';
import { EVIDENCE_EVENTS_MAX, EVIDENCE_FORMAT, evidenceTexts, type EvidenceManifest, type EvidencePack } from '../../contracts/admin-evidence.js';
import { HttpError } from '../../http-error.js';

export interface EvidenceSources {
  store: Pick<EventStore, 'readStream'> & LogBrowser;
  member: (memberId: string) => Promise<MemberState>;
}

// ISO-8601 with milliseconds and the zone's offset as +hh:mm (date-fns' xxx), so each local time is the same instant.
const LOCAL_ISO = "yyyy-MM-dd'T'HH:mm:ss.SSSxxx";
const inZone = (iso: string, timeZone: string) => format(new Date(iso), LOCAL_ISO, { in: tz(timeZone) });

const conversation = async (store: LogBrowser, correlationId: string): Promise<LogEntry[]> => {
  const events: LogEntry[] = [];
  let after: string | null = null;
  do {
    const page = await store.readLog({ correlationId, order: 'oldest-first', limit: 500, after });
    events.push(...page.events);
    if (events.length > EVIDENCE_EVENTS_MAX) throw new HttpError(409, evidenceTexts.tooLarge);
    after = page.next;
  } while (after);
  return events;
};

export const buildEvidencePack = async (sources: EvidenceSources, sessionId: string): Promise<{ pack: EvidencePack; manifest: EvidenceManifest }> => {
  const own = await sources.store.readStream(sessionStreamId(sessionId));
  const first = own[0];
  if (!first || first.type !== 'SessionRequested') throw new HttpError(404, evidenceTexts.notFound);
  const booking = await sources.store.readStream(bookingStreamId(sessionId));
  const byPosition = new Map<bigint, RecordedEvent>();
  for (const event of [...own, ...booking]) byPosition.set(event.globalPosition, event);
  for (const correlationId of new Set([...own, ...booking].map((e) => e.metadata.correlationId))) {
    for (const event of await conversation(sources.store, correlationId)) byPosition.set(event.globalPosition, event);
  }
  if (byPosition.size > EVIDENCE_EVENTS_MAX) throw new HttpError(409, evidenceTexts.tooLarge);

  const { studentId, instructorId } = first.data as { studentId: string; instructorId: string };
  const partyOf = async (memberId: string) => {
    const state = await sources.member(memberId);
    return state.status === 'active' ? { memberId, name: state.name, timeZone: state.timeZone } : { memberId, name: null, timeZone: 'UTC' };
  };
  const [student, mentor] = await Promise.all([partyOf(studentId), partyOf(instructorId)]);
  const events = [...byPosition.values()]
    .sort((a, b) => (a.globalPosition < b.globalPosition ? -1 : 1))
    .map((e) => ({
      position: e.globalPosition.toString(),
      streamId: e.streamId,
      streamPosition: e.streamPosition.toString(),
      type: e.type,
      occurredAt: e.metadata.occurredAt,
      atStudent: inZone(e.metadata.occurredAt, student.timeZone),
      atMentor: inZone(e.metadata.occurredAt, mentor.timeZone),
      actorId: e.metadata.actorId,
      correlationId: e.metadata.correlationId,
      causationId: e.metadata.causationId,
      data: e.data,
    }));
  const pack: EvidencePack = { format: EVIDENCE_FORMAT, sessionId, student, mentor, events };
  const bytes = Buffer.from(canonicalize(pack) ?? '', 'utf8');
  return {
    pack,
    manifest: {
      algorithm: 'SHA-256',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      bytes: bytes.length,
      events: events.length,
      lastPosition: events.at(-1)?.position ?? null,
    },
  };
};
