// What the feed's routes call before a post may carry attachments (issue 20 point 5): an image or video
// must be a checked upload of the signed-in member, and the attachment the post keeps is built from the
// server's facts about it (url, size, dimensions), never from what the client sent; only the aspect
// ratio is the member's choice (spec 001 §2.4). A link attachment (a preview) keeps its text fields but
// must point at an http(s) address.
import type { Kysely } from 'kysely';
import type { MediaAttachment } from '../contracts/feed.js';
import { mediaTexts } from '../contracts/media.js';
import type { AspectRatio } from './inspect.js';
import { MEDIA_UPLOADS_TABLE, PROFILE_PICTURE_VISIBILITY, type MediaTables } from './media-table.js';
import { attachmentOf } from './uploads.js';

/** An attachment as the post's request body holds it (api/contracts/feed.ts mediaAttachmentSchema). */
export interface AttachmentInput {
  id: string;
  type: MediaAttachment['type'];
  url: string;
  thumbnailUrl?: string | null;
  title?: string | null;
  description?: string | null;
  provider?: string | null;
  aspectRatio?: AspectRatio | null;
  createdAt?: string | null;
}

export type AttachmentCheck = { ok: true; attachments: MediaAttachment[] } | { ok: false; error: string };

const isHttp = (value: string | null | undefined) => {
  if (!value) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.search === '' && url.hash === '';
  } catch {
    return false;
  }
};

/**
 * Checks a post's attachments for `memberId` (the session's member). Answers the attachments to store,
 * or the first refusal's text (a 400 for the route). `db` is any handle on the app's database
 * (`deps.sql.handle`); `now` (the command's clock) dates a link attachment that came without a date.
 */
export const checkAttachments = async (db: Kysely<unknown>, memberId: string, attachments: readonly AttachmentInput[], now: Date): Promise<AttachmentCheck> => {
  const uploadIds = attachments.filter((a) => a.type !== 'link').map((a) => a.id);
  const rows = uploadIds.length === 0 ? [] : await (db as Kysely<MediaTables>).selectFrom(MEDIA_UPLOADS_TABLE).selectAll().where('id', 'in', uploadIds).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const checked: MediaAttachment[] = [];
  if (new Set(attachments.map((a) => a.id)).size !== attachments.length) return { ok: false, error: mediaTexts.attachmentRepeated };
  for (const attachment of attachments) {
    if (attachment.type === 'link') {
      if (!isHttp(attachment.url) || (attachment.thumbnailUrl && !isHttp(attachment.thumbnailUrl))) return { ok: false, error: mediaTexts.linkInvalid };
      checked.push({
        id: attachment.id,
        type: 'link',
        url: attachment.url,
        thumbnailUrl: attachment.thumbnailUrl ?? null,
        title: attachment.title ?? null,
        description: attachment.description ?? null,
        provider: attachment.provider ?? null,
        width: null,
        height: null,
        aspectRatio: null,
        sizeBytes: null,
        createdAt: attachment.createdAt ?? now.toISOString(),
      });
      continue;
    }
    const row = byId.get(attachment.id);
    if (!row || row.member_id !== memberId) return { ok: false, error: mediaTexts.notYourUpload };
    if (row.visibility === PROFILE_PICTURE_VISIBILITY) return { ok: false, error: mediaTexts.profilePictureUpload };
    if (row.status !== 'ready') return { ok: false, error: mediaTexts.notChecked };
    const stored = attachmentOf(row, attachment.aspectRatio);
    if (stored.type !== attachment.type || stored.url !== attachment.url) return { ok: false, error: mediaTexts.attachmentChanged };
    checked.push(stored);
  }
  return { ok: true, attachments: checked };
};
