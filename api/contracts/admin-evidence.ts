// GET /api/admin/sessions/{id}/evidence (issue 33 point 5): a session's dispute evidence pack. The pack is
// the session's whole timeline from the log (its own events, its booking's, and every event of the same
// conversations: the holds and their settlement in both ledgers, the slots, the thread, the
// modifications), who did what and when in UTC and in both members' time zones, serialised as canonical
// JSON (RFC 8785) and hashed with SHA-256. The same history always gives the same bytes and hash: who
// downloaded it is recorded among the admin's own actions, never in the pack. `?format=html` answers a
// printable page of the same pack with its hash.
import { z } from 'zod';

export const EVIDENCE_FORMAT = 'skillswap-evidence-pack/v1';
/** Events one pack holds at most: a session's conversations are tens of events; a runaway is refused, not cut. */
export const EVIDENCE_EVENTS_MAX = 5_000;

export const evidenceTexts = {
  notFound: 'No such session',
  tooLarge: `The session's history holds more than ${EVIDENCE_EVENTS_MAX} events: no pack is made`,
  title: 'Dispute evidence pack',
  download: 'Evidence pack',
  print: 'Printable page',
} as const;

export const evidenceParamsSchema = z.object({ id: z.string().min(1).max(200) });
export const evidenceQuerySchema = z.object({ format: z.enum(['json', 'html']).default('json') });

const party = z.object({ memberId: z.string(), name: z.string().nullable(), timeZone: z.string() });

export const evidenceEventSchema = z.object({
  position: z.string(),
  streamId: z.string(),
  streamPosition: z.string(),
  type: z.string(),
  occurredAt: z.string(),
  /** occurredAt in the student's and the mentor's time zones (ISO-8601 with the offset). */
  atStudent: z.string(),
  atMentor: z.string(),
  actorId: z.string().nullable(),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  data: z.unknown(),
});

export const evidencePackSchema = z.object({
  format: z.literal(EVIDENCE_FORMAT),
  sessionId: z.string(),
  student: party,
  mentor: party,
  /** Every event of the session's timeline, by log position. */
  events: z.array(evidenceEventSchema),
});

export const evidenceManifestSchema = z.object({
  algorithm: z.literal('SHA-256'),
  /** Hex SHA-256 of the pack's canonical JSON bytes (RFC 8785, UTF-8). */
  sha256: z.string(),
  bytes: z.number().int(),
  events: z.number().int(),
  /** The log position of the pack's last event: the history it stands for ends there. */
  lastPosition: z.string().nullable(),
});

export const evidenceResponseSchema = z.object({ manifest: evidenceManifestSchema, pack: evidencePackSchema });

export type EvidencePack = z.infer<typeof evidencePackSchema>;
export type EvidenceManifest = z.infer<typeof evidenceManifestSchema>;
export type EvidenceResponse = z.infer<typeof evidenceResponseSchema>;
