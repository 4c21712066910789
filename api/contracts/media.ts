// Media uploads of the feed (spec 001 §5 types and sizes, §7 `POST /api/media/upload`, §8 the upload
// alert, §9 limits). The composer asks for an upload, PUTs the bytes to `uploadURL` with the headers
// given, then asks the server to check them (`POST /api/media/{id}/complete`); only a checked upload of
// the signed-in member becomes an attachment a post may carry.
import { z } from 'zod';
import { ASPECT_RATIOS, IMAGE_MAX_BYTES, mediaAttachmentSchema, VIDEO_MAX_BYTES } from './feed.js';

export { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES, uploadFailedMessage } from './feed.js';

/** Spec 001 §5, in the order the spec lists them; JPG is JPEG's other name (image/jpg is taken as image/jpeg). */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp', 'image/svg+xml', 'image/tiff'] as const;
export const VIDEO_CONTENT_TYPES = [
  'video/mp4',
  'video/webm',
  'video/ogg',
  'video/quicktime',
  'video/x-msvideo',
  'video/x-ms-wmv',
  'video/x-flv',
  'video/x-matroska',
  'video/x-m4v',
  'video/3gpp',
] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];
export type VideoContentType = (typeof VIDEO_CONTENT_TYPES)[number];
export type MediaContentType = ImageContentType | VideoContentType;

/** What browsers or the spec also call some of them. */
const ALIASES: Record<string, MediaContentType> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-ms-bmp': 'image/bmp',
  'image/x-bmp': 'image/bmp',
  'video/avi': 'video/x-msvideo',
  'video/msvideo': 'video/x-msvideo',
  'video/mkv': 'video/x-matroska',
  'video/m4v': 'video/x-m4v',
  'video/flv': 'video/x-flv',
};

/** The supported type a Content-Type names (parameters and case ignored), else null. */
export const mediaContentTypeOf = (value: string): MediaContentType | null => {
  const bare = value.split(';', 1)[0]!.trim().toLowerCase();
  if ((IMAGE_CONTENT_TYPES as readonly string[]).includes(bare) || (VIDEO_CONTENT_TYPES as readonly string[]).includes(bare)) return bare as MediaContentType;
  return ALIASES[bare] ?? null;
};

export const mediaKindOf = (type: MediaContentType): 'image' | 'video' => (type.startsWith('image/') ? 'image' : 'video');
export const maxBytesOf = (type: MediaContentType): number => (mediaKindOf(type) === 'image' ? IMAGE_MAX_BYTES : VIDEO_MAX_BYTES);

/** How the alerts name a type. */
const LABELS: Record<MediaContentType, string> = {
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
  'image/bmp': 'BMP image',
  'image/svg+xml': 'SVG image',
  'image/tiff': 'TIFF image',
  'video/mp4': 'MP4 video',
  'video/webm': 'WebM video',
  'video/ogg': 'OGG video',
  'video/quicktime': 'QuickTime/MOV video',
  'video/x-msvideo': 'AVI video',
  'video/x-ms-wmv': 'WMV video',
  'video/x-flv': 'FLV video',
  'video/x-matroska': 'MKV video',
  'video/x-m4v': 'M4V video',
  'video/3gpp': '3GP video',
};
export const mediaLabelOf = (type: MediaContentType): string => LABELS[type];

/**
 * A member may ask for this many uploads an hour: every upload may leave up to 10 MB on the storage
 * (pending ones until swept, checked ones for good), so without a bound one member could fill the disk.
 */
export const MEDIA_UPLOADS_PER_HOUR = 30;

/** One upload stays open this long for its bytes (the presigned URL expires with it). */
export const UPLOAD_WINDOW_SECONDS = 15 * 60;

/**
 * The messages of refused uploads. The spec says only that unsupported types and oversize files give
 * alerts naming the limits (§5); the composer shows them inside §8's 'Upload failed for "{file}": ...'.
 */
export const mediaTexts = {
  unsupportedType:
    'Unsupported file type. Images: JPEG, JPG, PNG, GIF, WebP, BMP, SVG or TIFF up to 2 MB; videos: MP4, WebM, OGG, QuickTime/MOV, AVI, WMV, FLV, MKV, M4V or 3GP up to 10 MB',
  imageTooLarge: 'The image is too large: images can be at most 2 MB',
  videoTooLarge: 'The video is too large: videos can be at most 10 MB',
  contentMismatch: (type: MediaContentType) => `The file is not a valid ${LABELS[type]}: its content does not match its type`,
  unreadableImage: 'The image could not be read: its dimensions are missing or too large',
  notUploaded: 'The file has not been uploaded yet: send it to the upload address first',
  uploadNotFound: 'Upload not found',
  fileNotFound: 'File not found',
  rangeUnsatisfiable: 'The range asked for is not within the file',
  uploadExpired: 'This upload has expired. Please upload the file again',
  uploadRefused: 'This upload was refused. Please upload the file again',
  alreadyUploaded: 'This upload already holds its file',
  wrongContentType: 'The file must be sent with the Content-Type given when the upload was asked for',
  notYourUpload: 'This attachment is not an upload of yours',
  profilePictureUpload: 'This upload was asked for a profile picture: it cannot be used in a post. Please upload the file again',
  notChecked: 'This attachment has not been checked yet: complete its upload first',
  attachmentChanged: 'This attachment does not match its upload',
  linkInvalid: 'A link attachment needs an http or https address',
  attachmentRepeated: 'The same attachment is in the post twice',
  tooManyUploads: `You can upload at most ${MEDIA_UPLOADS_PER_HOUR} files an hour. Please try again later`,
  sizeRequired: "The file's size (in bytes) is needed to upload it",
  metadataNotRemovable: (type: MediaContentType) =>
    `${LABELS[type]}s cannot be posted: their location and device details cannot be removed. Please use an MP4, QuickTime/MOV, M4V or 3GP video`,
} as const;

export const tooLargeText = (type: MediaContentType) => (mediaKindOf(type) === 'image' ? mediaTexts.imageTooLarge : mediaTexts.videoTooLarge);

/** POST /api/media/upload (spec 001 §7: visibility and contentType; size when the client knows it). */
export const mediaUploadBodySchema = z.object({
  visibility: z.enum(['public', 'private']).default('public'),
  contentType: z.string({ message: mediaTexts.unsupportedType }).max(200),
  /** The file's size in bytes: refused at once when over the limit, and bound into the upload when S3 allows. */
  size: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
  fileName: z.string().max(300).optional(),
});
export type MediaUploadBody = z.input<typeof mediaUploadBodySchema>;

export const mediaUploadSchema = z.object({
  id: z.string(),
  /** The spec's name for where the bytes go (PUT). */
  uploadURL: z.string(),
  method: z.literal('PUT'),
  /** Headers the PUT must carry exactly (they are part of a presigned URL's signature). */
  headers: z.record(z.string(), z.string()),
  maxBytes: z.number().int(),
  expiresAt: z.string(),
});
export type MediaUpload = z.infer<typeof mediaUploadSchema>;

/** POST /api/media/{id}/complete: the aspect ratio the member chose (§2.4), else the one the image has. */
export const mediaCompleteBodySchema = z
  .object({ aspectRatio: z.enum(ASPECT_RATIOS).optional() })
  .nullish()
  .transform((v) => v ?? {});

export const mediaIdParams = z.object({ id: z.string().min(1).max(100) });

export { mediaAttachmentSchema };
