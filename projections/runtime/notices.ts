// Change notices travel from the projector to API processes over PostgreSQL NOTIFY. A NOTIFY payload
// must stay under 8000 bytes, so a batch's notices are de-duplicated and split into several messages.
// Nothing here reads a notice's payload but to compare it: a new kind of notice needs no change here.
import type { Audience, ChangeNotice } from '../types.js';

export const CHANGES_CHANNEL = 'skillswap_changes';

/** One NOTIFY message on CHANGES_CHANNEL. */
export interface ChangesPayload {
  projector: string;
  /** The checkpoint the projector reached with the batch that produced these notices. */
  checkpoint: string;
  notices: ChangeNotice[];
}

const MAX_PAYLOAD_BYTES = 7900;

/** Who hears a notice, the same whatever the order its members are named in. */
const audienceKey = (audience: Audience): string => {
  switch (audience.to) {
    case 'members':
      return audience.ids.length === 1 ? `members:${audience.ids[0]}` : `members:${[...audience.ids].sort().join(',')}`;
    case 'subscribers':
      return `subscribers:${audience.topic}`;
    default:
      return audience.to;
  }
};

/**
 * Two notices are one when the same audience would hear the same payload: so a member hears each thing
 * once per batch, and two changes of one member about different things (`about`, decision 255) stay two,
 * as each makes other reads stale. The payload is compared as sent, whatever its kind; it is serialised for
 * that only when its audience already heard another notice in the batch (most audiences hear one).
 */
export const dedupeNotices = (notices: readonly ChangeNotice[]): ChangeNotice[] => {
  if (notices.length < 2) return [...notices];
  // Per audience: its first notice, then, once a second comes, the serialised payloads it heard.
  const heard = new Map<string, ChangeNotice | Set<string>>();
  const unique: ChangeNotice[] = [];
  for (const notice of notices) {
    const audience = audienceKey(notice.audience);
    const before = heard.get(audience);
    if (before === undefined) {
      heard.set(audience, notice);
      unique.push(notice);
      continue;
    }
    const payloads = before instanceof Set ? before : new Set([JSON.stringify(before.payload)]);
    if (payloads !== before) heard.set(audience, payloads);
    const payload = JSON.stringify(notice.payload);
    if (payloads.has(payload)) continue;
    payloads.add(payload);
    unique.push(notice);
  }
  return unique;
};

/** Serialised payloads, each under the NOTIFY limit; [] when there is nothing to say. */
export const chunkPayloads = (projector: string, checkpoint: string, notices: readonly ChangeNotice[]): string[] => {
  const unique = dedupeNotices(notices);
  if (unique.length === 0) return [];
  // Nearly every batch fits in one message: measuring each notice is only needed when it does not.
  const whole = JSON.stringify({ projector, checkpoint, notices: unique });
  if (whole.length * 3 <= MAX_PAYLOAD_BYTES || Buffer.byteLength(whole) <= MAX_PAYLOAD_BYTES) return [whole];
  const envelopeBytes = Buffer.byteLength(JSON.stringify({ projector, checkpoint, notices: [] }));
  const payloads: string[] = [];
  let current: ChangeNotice[] = [];
  let currentBytes = envelopeBytes;
  for (const notice of unique) {
    const bytes = Buffer.byteLength(JSON.stringify(notice)) + 1; // + the separating comma
    if (current.length > 0 && currentBytes + bytes > MAX_PAYLOAD_BYTES) {
      payloads.push(JSON.stringify({ projector, checkpoint, notices: current }));
      current = [];
      currentBytes = envelopeBytes;
    }
    current.push(notice);
    currentBytes += bytes;
  }
  payloads.push(JSON.stringify({ projector, checkpoint, notices: current }));
  return payloads;
};

/** Parses a payload received with LISTEN; null for anything that is not one of ours. */
export const parseChangesPayload = (payload: string): ChangesPayload | null => {
  try {
    const value = JSON.parse(payload) as Partial<ChangesPayload>;
    if (typeof value.projector !== 'string' || typeof value.checkpoint !== 'string' || !Array.isArray(value.notices)) return null;
    return value as ChangesPayload;
  } catch {
    return null;
  }
};
