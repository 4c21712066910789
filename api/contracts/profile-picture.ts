// The profile picture (spec 001 §2.1, §5, §7, §8, §9): the member crops a picture in the browser
// ('Adjust Profile Picture', zoom 1 to 3 in steps of 0.1, a square JPEG at quality 0.95), asks for an
// upload (`POST /api/users/{id}/profile-picture/upload-url`), PUTs the bytes there, then sets it
// (`POST /api/users/{id}/profile-picture`). The server checks the bytes, strips every metadata and
// keeps the picture in the sizes the avatars use (decision 169).
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from './feed-limits.js';

export { IMAGE_MAX_BYTES };

/** Spec 001 §2.1, §9: the crop dialog. */
export const CROP_ZOOM = { min: 1, max: 3, step: 0.1 } as const;
export const CROP_JPEG_QUALITY = 0.95;
/** The cropped square is drawn at most this wide: the server keeps 256 px at most, so more is only bytes. */
export const CROP_OUTPUT_MAX_PX = 512;

/** The sizes the server stores (decision 169): avatars up to 64 CSS px at 2x, and the 96 px profile header at 2x+. */
export const PROFILE_PICTURE_SIZES = { avatar: 128, picture: 256 } as const;

/** Pictures the server reads (raster types sharp decodes); the cropper always sends JPEG. */
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export const profilePictureTexts = {
  dialogTitle: 'Adjust Profile Picture',
  invalidTypeTitle: 'Invalid file type',
  invalidType: 'Please select an image file',
  successTitle: 'Success!',
  success: 'Profile picture updated successfully',
  failureTitle: 'Upload failed',
  failure: 'Failed to update profile picture. Please try again.',
  notAnImage: 'A profile picture must be a JPEG, PNG, WebP or GIF image',
  onlyOwn: 'You can only change your own profile picture',
  uploadOrUrl: 'Name the upload: its uploadId or its imageUrl',
  alreadyUsed: 'This upload is already a profile picture. Please upload the picture again',
  notAPictureUpload: "This upload was asked for a post's media, not a profile picture. Please upload the picture again",
} as const;

export const profilePictureUploadBodySchema = z.object({
  contentType: z.string({ message: profilePictureTexts.notAnImage }).max(200),
  /** The file's size in bytes: refused at once over 2 MB, and bound into the upload where the storage can. */
  size: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
});

export const profilePictureUploadSchema = z.object({
  uploadId: z.string(),
  /** Where the bytes go, with PUT and exactly these headers. */
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  /** The spec's client sends this back as `imageUrl`; it names the upload, not the picture kept. */
  imageUrl: z.string(),
  maxBytes: z.number().int(),
  expiresAt: z.string(),
});
export type ProfilePictureUpload = z.infer<typeof profilePictureUploadSchema>;

export const setProfilePictureBodySchema = z
  .object({ uploadId: z.string().min(1).max(100).optional(), imageUrl: z.string().min(1).max(2000).optional() })
  .refine((body) => body.uploadId !== undefined || body.imageUrl !== undefined, { message: profilePictureTexts.uploadOrUrl });

export const profilePictureSchema = z.object({
  success: z.literal(true),
  /** The picture (256 px) and its avatar size (128 px), as the profile now shows them. */
  imageUrl: z.string(),
  avatarUrl: z.string(),
});
export type ProfilePicture = z.infer<typeof profilePictureSchema>;
