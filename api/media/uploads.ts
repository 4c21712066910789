// The life of one upload: asked for by a member (the type and any declared size checked at once),
// its bytes sent to the storage, then checked by the server (inspect.ts). Only a checked upload of the
// member becomes an attachment (check-attachments.ts). A refused object is deleted at once.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import type { MediaAttachment } from '../contracts/feed.js';
import {
  maxBytesOf,
  mediaContentTypeOf,
  mediaKindOf,
  mediaTexts,
  tooLargeText,
  MEDIA_UPLOADS_PER_HOUR,
  UPLOAD_WINDOW_SECONDS,
  type MediaContentType,
  type MediaUpload,
} from '../contracts/media.js';
import { inspectMedia, type AspectRatio } from './inspect.js';
import type { LocalMediaStorage } from './local-storage.js';
import { MEDIA_UPLOADS_TABLE, migrateMediaTable, PROFILE_PICTURE_VISIBILITY, type MediaTables, type MediaUploadRow } from './media-table.js';
import { canStripMetadata, stripMetadata } from './strip-metadata.js';
import type { MediaStorage } from './storage.js';

/** A refusal with its status; the error handler answers `{error}` with it. */
export class MediaError extends Error {
  constructor(
    readonly statusCode: 400 | 403 | 404 | 409 | 413 | 429,
    message: string,
  ) {
    super(message);
    this.name = 'MediaError';
  }
}

export interface MediaUploads {
  storage: MediaStorage;
  start(): Promise<void>;
  request(memberId: string, body: { visibility: string; contentType: string; size?: number }): Promise<MediaUpload>;
  /** The app's own upload route (local storage only). */
  receive(memberId: string, id: string, request: { contentType: string | undefined; contentLength: number | null; body: Readable }): Promise<void>;
  complete(memberId: string, id: string, aspectRatio?: AspectRatio): Promise<MediaAttachment>;
  /** A checked upload, for serving; null when absent or not checked. */
  ready(id: string): Promise<MediaUploadRow | null>;
}

const SWEEP_EVERY_MS = 60 * 60_000;
const SWEEP_BATCH = 100;

export const attachmentOf = (row: MediaUploadRow, aspectRatio?: AspectRatio | null): MediaAttachment => {
  const type = mediaContentTypeOf(row.content_type)!;
  const image = mediaKindOf(type) === 'image';
  return {
    id: row.id,
    type: mediaKindOf(type),
    url: row.url,
    // The image is its own thumbnail (no resized copy is made); a video has none.
    thumbnailUrl: image ? row.url : null,
    title: null,
    description: null,
    provider: null,
    width: row.width,
    height: row.height,
    aspectRatio: aspectRatio ?? (row.aspect_ratio as AspectRatio | null),
    sizeBytes: row.size_bytes,
    createdAt: row.created_at.toISOString(),
  };
};

export const createMediaUploads = (deps: { db: Kysely<unknown>; storage: MediaStorage; clock: () => Date }): MediaUploads => {
  const db = deps.db as Kysely<MediaTables>;
  const { storage, clock } = deps;

  const find = (id: string) => db.selectFrom(MEDIA_UPLOADS_TABLE).selectAll().where('id', '=', id).executeTakeFirst();
  /** The member's own upload; another member's is as absent as an unknown one. */
  const own = async (memberId: string, id: string) => {
    const row = await find(id);
    if (!row || row.member_id !== memberId) throw new MediaError(404, mediaTexts.uploadNotFound);
    return row;
  };
  const refuse = async (row: MediaUploadRow, error: string, status: 400 | 413 = 400): Promise<never> => {
    await storage.remove(row.storage_key).catch(() => {});
    await db.updateTable(MEDIA_UPLOADS_TABLE).set({ status: 'refused', error, checked_at: clock() }).where('id', '=', row.id).execute();
    throw new MediaError(status, error);
  };

  // Uploads asked for and never completed leave an object behind: swept, at most once an hour, an hour
  // after they expired (never while a member may still be sending or checking one).
  let lastSweep = 0;
  const sweep = async () => {
    const now = clock();
    if (now.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now.getTime();
    const stale = await db
      .selectFrom(MEDIA_UPLOADS_TABLE)
      .select(['id', 'storage_key'])
      .where('status', '=', 'pending')
      .where('expires_at', '<', new Date(now.getTime() - SWEEP_EVERY_MS))
      .limit(SWEEP_BATCH)
      .execute();
    for (const row of stale) {
      await storage.remove(row.storage_key).catch(() => {});
      await db
        .updateTable(MEDIA_UPLOADS_TABLE)
        .set({ status: 'refused', error: mediaTexts.uploadExpired, checked_at: now })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .execute();
    }
  };

  return {
    storage,
    start: async () => {
      await migrateMediaTable(deps.db);
      if (storage.kind === 'local') await (storage as LocalMediaStorage).start();
    },

    async request(memberId, body) {
      const type = mediaContentTypeOf(body.contentType);
      if (!type) throw new MediaError(400, mediaTexts.unsupportedType);
      if (!canStripMetadata(type)) throw new MediaError(400, mediaTexts.metadataNotRemovable(type));
      if (body.size !== undefined && body.size > maxBytesOf(type)) throw new MediaError(400, tooLargeText(type));
      // A presigned PUT can bind only an exact length: without one a member could store gigabytes in the
      // bucket until the check or the sweep. The app's own upload route counts bytes as they come instead.
      if (body.size === undefined && storage.kind === 's3') throw new MediaError(400, mediaTexts.sizeRequired);
      // Refused uploads count too: each was asked for, and each could have held its bytes for a while.
      const recent = await db
        .selectFrom(MEDIA_UPLOADS_TABLE)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('member_id', '=', memberId)
        .where('created_at', '>', new Date(clock().getTime() - 60 * 60_000))
        .executeTakeFirst();
      if (Number(recent?.n ?? 0) >= MEDIA_UPLOADS_PER_HOUR) throw new MediaError(429, mediaTexts.tooManyUploads);
      await sweep();
      const id = randomUUID();
      const { uploadKey: key, objectKey } = storage.keysOf(id, type);
      const now = clock();
      const expiresAt = new Date(now.getTime() + UPLOAD_WINDOW_SECONDS * 1000);
      const target = await storage.uploadTarget({ id, key, contentType: type, size: body.size, expiresInSeconds: UPLOAD_WINDOW_SECONDS });
      await db
        .insertInto(MEDIA_UPLOADS_TABLE)
        .values({
          id,
          member_id: memberId,
          content_type: type,
          visibility: body.visibility,
          storage_key: key,
          url: storage.objectUrl(id, objectKey),
          status: 'pending',
          size_bytes: null,
          width: null,
          height: null,
          aspect_ratio: null,
          error: null,
          created_at: now,
          expires_at: expiresAt,
          checked_at: null,
        })
        .execute();
      return { id, uploadURL: target.url, method: 'PUT', headers: target.headers, maxBytes: maxBytesOf(type), expiresAt: expiresAt.toISOString() };
    },

    async receive(memberId, id, request) {
      if (storage.kind !== 'local') throw new MediaError(404, mediaTexts.uploadNotFound);
      const row = await own(memberId, id);
      if (row.status === 'refused') throw new MediaError(409, mediaTexts.uploadRefused);
      if (row.status === 'ready' || (await storage.stat(row.storage_key)) !== null) throw new MediaError(409, mediaTexts.alreadyUploaded);
      if (row.expires_at.getTime() < clock().getTime()) throw new MediaError(400, mediaTexts.uploadExpired);
      const type = mediaContentTypeOf(row.content_type)!;
      if (mediaContentTypeOf(request.contentType ?? '') !== type) throw new MediaError(400, mediaTexts.wrongContentType);
      const max = maxBytesOf(type);
      // A declared length over the limit is refused before a byte is read; a body that grows past it
      // (chunked, or lying about its length) while it streams.
      if (request.contentLength !== null && request.contentLength > max) throw new MediaError(413, tooLargeText(type));
      const received = await (storage as LocalMediaStorage).receive(row.storage_key, request.body, max);
      if (!received.ok && received.reason === 'too-large') throw new MediaError(413, tooLargeText(type));
      if (!received.ok && received.reason === 'exists') throw new MediaError(409, mediaTexts.alreadyUploaded);
      if (!received.ok) throw new MediaError(400, mediaTexts.notUploaded);
    },

    async complete(memberId, id, aspectRatio) {
      const row = await own(memberId, id);
      // A profile picture's upload is checked and re-encoded by its own route: published here it would be served raw.
      if (row.visibility === PROFILE_PICTURE_VISIBILITY) throw new MediaError(400, mediaTexts.profilePictureUpload);
      if (row.status === 'refused') throw new MediaError(409, row.error === mediaTexts.uploadExpired ? mediaTexts.uploadExpired : mediaTexts.uploadRefused);
      if (row.status === 'ready') return attachmentOf(row, aspectRatio);
      const type: MediaContentType = mediaContentTypeOf(row.content_type)!;
      const object = await storage.stat(row.storage_key);
      if (object === null) throw new MediaError(400, row.expires_at.getTime() < clock().getTime() ? mediaTexts.uploadExpired : mediaTexts.notUploaded);
      const { size, version } = object;
      if (size > maxBytesOf(type)) return refuse(row, tooLargeText(type));
      // Read whole (at most 10 MB): checked, then cleaned of its metadata before anyone can fetch it.
      const bytes = await storage.read(row.storage_key, size, version);
      const inspection = await inspectMedia(type, size, bytes);
      if (!inspection.ok) return refuse(row, inspection.error);
      const stripped = await stripMetadata(type, bytes, inspection);
      if (!stripped.ok) return refuse(row, stripped.error);
      // The cleaned bytes replace the upload under the published key; the member's original is not kept.
      const { objectKey } = storage.keysOf(row.id, type);
      await storage.put(objectKey, stripped.bytes, type);
      if (objectKey !== row.storage_key) await storage.remove(row.storage_key).catch(() => {});
      const checked = {
        status: 'ready' as const,
        size_bytes: stripped.bytes.length,
        width: stripped.width,
        height: stripped.height,
        aspect_ratio: stripped.aspectRatio,
        checked_at: clock(),
      };
      await db.updateTable(MEDIA_UPLOADS_TABLE).set(checked).where('id', '=', id).where('status', '=', 'pending').execute();
      return attachmentOf({ ...row, ...checked }, aspectRatio);
    },

    async ready(id) {
      const row = await find(id);
      return row?.status === 'ready' ? row : null;
    },
  };
};
