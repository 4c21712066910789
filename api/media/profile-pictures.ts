// Profile pictures (spec 001 §2.1, issue 21 point 5) on the feed's media storage: an upload asked for
// and sent like any other, then checked by its bytes (the declared type's signature and sharp's reading
// of it, at most 2 MB) and turned into the stored sizes: each re-encoded by sharp, which writes no
// EXIF, GPS, XMP or IPTC, so nothing of the member's camera or whereabouts is kept. The upload itself
// (metadata and all) is deleted once the sizes exist.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { mediaContentTypeOf, mediaTexts, type MediaContentType } from '../contracts/media.js';
import { IMAGE_MAX_BYTES, PROFILE_PICTURE_SIZES, PROFILE_PICTURE_TYPES, profilePictureTexts, type ProfilePictureUpload } from '../contracts/profile-picture.js';
import { inspectMedia, MAX_IMAGE_PIXELS } from './inspect.js';
import { MEDIA_UPLOADS_TABLE, PROFILE_PICTURE_VISIBILITY, type MediaTables, type MediaUploadRow } from './media-table.js';
import { MediaError, type MediaUploads } from './uploads.js';

export { PROFILE_PICTURE_VISIBILITY };

export interface StoredPicture {
  imageUrl: string;
  avatarUrl: string;
}

export interface ProfilePictures {
  requestUpload(memberId: string, body: { contentType: string; size?: number | undefined }): Promise<ProfilePictureUpload>;
  /** Checks the member's upload and stores its sizes; refuses (deleting the upload) anything but an image. */
  store(memberId: string, ref: { uploadId?: string | undefined; imageUrl?: string | undefined }): Promise<StoredPicture>;
}

const isPictureType = (type: MediaContentType | null): type is MediaContentType => type !== null && (PROFILE_PICTURE_TYPES as readonly string[]).includes(type);

/** A square of `px`, centred, turned upright by its EXIF orientation first; sharp keeps no metadata unless asked. */
const squareJpeg = (bytes: Buffer, px: number) =>
  sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize(px, px, { fit: 'cover', position: 'centre' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 88, mozjpeg: true })
    .toBuffer();

export const createProfilePictures = (deps: { db: Kysely<unknown>; media: MediaUploads; clock: () => Date }): ProfilePictures => {
  const db = deps.db as Kysely<MediaTables>;
  const { media, clock } = deps;
  const { storage } = media;

  const findOwn = async (memberId: string, ref: { uploadId?: string | undefined; imageUrl?: string | undefined }): Promise<MediaUploadRow> => {
    let query = db.selectFrom(MEDIA_UPLOADS_TABLE).selectAll().where('member_id', '=', memberId);
    query = ref.uploadId !== undefined ? query.where('id', '=', ref.uploadId) : query.where('url', '=', ref.imageUrl!);
    const row = await query.executeTakeFirst();
    // The body names the upload (the path names the member): a missing one is a bad request, not a missing page.
    if (!row) throw new MediaError(400, mediaTexts.uploadNotFound);
    // A post's upload stays one: refused here without touching it, so it can still be completed for a post.
    if (row.visibility !== PROFILE_PICTURE_VISIBILITY) throw new MediaError(400, profilePictureTexts.notAPictureUpload);
    return row;
  };

  const refuse = async (row: MediaUploadRow, error: string): Promise<never> => {
    await storage.remove(row.storage_key).catch(() => {});
    await db.updateTable(MEDIA_UPLOADS_TABLE).set({ status: 'refused', error, checked_at: clock() }).where('id', '=', row.id).execute();
    throw new MediaError(400, error);
  };

  /** One size as a checked, ready upload of the member: served like any checked file. */
  const keep = async (memberId: string, bytes: Buffer, px: number): Promise<string> => {
    const id = randomUUID();
    const { objectKey } = storage.keysOf(id, 'image/jpeg');
    await storage.put(objectKey, bytes, 'image/jpeg');
    const now = clock();
    const url = storage.objectUrl(id, objectKey);
    await db
      .insertInto(MEDIA_UPLOADS_TABLE)
      .values({
        id,
        member_id: memberId,
        content_type: 'image/jpeg',
        visibility: PROFILE_PICTURE_VISIBILITY,
        storage_key: objectKey,
        url,
        status: 'ready',
        size_bytes: bytes.length,
        width: px,
        height: px,
        aspect_ratio: 'custom',
        error: null,
        created_at: now,
        expires_at: now,
        checked_at: now,
      })
      .execute();
    return url;
  };

  return {
    async requestUpload(memberId, body) {
      const type = mediaContentTypeOf(body.contentType);
      if (!isPictureType(type)) throw new MediaError(400, profilePictureTexts.notAnImage);
      const upload = await media.request(memberId, { visibility: PROFILE_PICTURE_VISIBILITY, contentType: type, size: body.size });
      const row = await findOwn(memberId, { uploadId: upload.id });
      return {
        uploadId: upload.id,
        uploadUrl: upload.uploadURL,
        method: upload.method,
        headers: upload.headers,
        imageUrl: row.url,
        maxBytes: upload.maxBytes,
        expiresAt: upload.expiresAt,
      };
    },

    async store(memberId, ref) {
      const row = await findOwn(memberId, ref);
      if (row.status === 'consumed') throw new MediaError(409, profilePictureTexts.alreadyUsed);
      if (row.status !== 'pending') throw new MediaError(409, row.error === mediaTexts.uploadExpired ? mediaTexts.uploadExpired : mediaTexts.uploadRefused);
      const type = mediaContentTypeOf(row.content_type);
      if (!isPictureType(type)) return refuse(row, profilePictureTexts.notAnImage);
      const object = await storage.stat(row.storage_key);
      if (object === null) throw new MediaError(400, row.expires_at.getTime() < clock().getTime() ? mediaTexts.uploadExpired : mediaTexts.notUploaded);
      if (object.size > IMAGE_MAX_BYTES) return refuse(row, mediaTexts.imageTooLarge);
      const bytes = await storage.read(row.storage_key, object.size, object.version);
      const inspection = await inspectMedia(type, object.size, bytes);
      if (!inspection.ok) return refuse(row, inspection.error);
      let picture: Buffer, avatar: Buffer;
      try {
        [picture, avatar] = await Promise.all([squareJpeg(bytes, PROFILE_PICTURE_SIZES.picture), squareJpeg(bytes, PROFILE_PICTURE_SIZES.avatar)]);
      } catch {
        return refuse(row, mediaTexts.unreadableImage);
      }
      // Claimed before anything is stored: of two requests for the same upload, one makes the sizes.
      const claimed = await db
        .updateTable(MEDIA_UPLOADS_TABLE)
        .set({ status: 'consumed', size_bytes: object.size, width: inspection.width, height: inspection.height, checked_at: clock() })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) throw new MediaError(409, profilePictureTexts.alreadyUsed);
      const [imageUrl, avatarUrl] = [await keep(memberId, picture, PROFILE_PICTURE_SIZES.picture), await keep(memberId, avatar, PROFILE_PICTURE_SIZES.avatar)];
      await storage.remove(row.storage_key).catch(() => {});
      return { imageUrl, avatarUrl };
    },
  };
};
