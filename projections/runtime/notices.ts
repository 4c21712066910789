// Change notices travel from the projector to API processes over PostgreSQL NOTIFY. A NOTIFY payload
// must stay under 8000 bytes, so a batch's notices are de-duplicated and split into several messages.
import type { ChangeNotice } from '../types.js';

export const CHANGES_CHANNEL = 'skillswap_changes';

/** One NOTIFY message on CHANGES_CHANNEL. */
export interface ChangesPayload {
  projector: string;
  /** The checkpoint the projector reached with the batch that produced these notices. */
  checkpoint: string;
  notices: ChangeNotice[];
}

const MAX_PAYLOAD_BYTES = 7900;

const noticeKey = (notice: ChangeNotice): string => {
  switch (notice.scope) {
    // Two changes of one member about different things are two notices: each makes other reads stale.
    case 'user':
      return `user:${notice.id}:${notice.about ?? ''}`;
    case 'post':
      return `post:${notice.id}`;
    case 'session':
      return `session:${notice.id}:${[...notice.participants].sort().join(',')}`;
    case 'members':
    case 'admin':
      return notice.scope;
    case 'feed':
      return `feed:${notice.postId}`;
    case 'comment':
      return `comment:${notice.comment.id}`;
    case 'conversation':
      return `conversation:${notice.id}`;
    case 'message':
      return `message:${notice.message.id}`;
    case 'message_read':
      return `message_read:${notice.receipt.conversation_id}:${notice.receipt.reader_id}:${notice.receipt.up_to_sequence}`;
  }
};

export const dedupeNotices = (notices: readonly ChangeNotice[]): ChangeNotice[] => {
  const seen = new Map<string, ChangeNotice>();
  for (const notice of notices) {
    const key = noticeKey(notice);
    if (!seen.has(key)) seen.set(key, notice);
  }
  return [...seen.values()];
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
