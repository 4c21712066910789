// Every uploaded file loses what it says about its author before anyone can fetch it (issue 29 point 2):
// images are re-encoded by sharp in their own format, upright by their EXIF orientation first (sharp
// writes no EXIF, GPS, XMP, IPTC or text chunks unless asked); MP4/MOV/M4V/3GP keep their samples and
// lose their udta/meta boxes (iso-media-metadata.ts). Formats neither can clean are refused before upload.
import sharp from 'sharp';
import { mediaKindOf, mediaTexts, type MediaContentType } from '../contracts/media.js';
import { aspectRatioOf, MAX_IMAGE_PIXELS, type AspectRatio } from './inspect.js';
import { stripIsoMetadata } from './iso-media-metadata.js';

export type Stripped = { ok: true; bytes: Buffer; width: number | null; height: number | null; aspectRatio: AspectRatio } | { ok: false; error: string };

/** Videos whose metadata boxes are known: the ISO media family. Others cannot be cleaned, so are refused. */
const CLEANABLE_VIDEOS: readonly MediaContentType[] = ['video/mp4', 'video/quicktime', 'video/x-m4v', 'video/3gpp'];

/**
 * Types kept as they are: BMP has no metadata fields (only its pixels and size), and an SVG is a text
 * drawing served as a download only (routes/media.ts); neither holds a camera's EXIF (decision 191).
 */
const AS_THEY_ARE: readonly MediaContentType[] = ['image/bmp', 'image/svg+xml'];

/** Whether an upload of this type can be cleaned at all: asked before its bytes are sent. */
export const canStripMetadata = (type: MediaContentType) => mediaKindOf(type) === 'image' || CLEANABLE_VIDEOS.includes(type);

const reencode = async (type: MediaContentType, bytes: Buffer) => {
  const animated = type === 'image/gif' || type === 'image/webp';
  const input = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated });
  const { pages = 1 } = await input.metadata();
  // Frames of an animation carry no orientation; turning them one by one is not something sharp does.
  const upright = pages > 1 ? input : input.rotate();
  const encoded =
    type === 'image/jpeg'
      ? upright.jpeg({ quality: 90 })
      : type === 'image/png'
        ? upright.png({ compressionLevel: 9 })
        : type === 'image/webp'
          ? upright.webp({ quality: 90 })
          : type === 'image/gif'
            ? upright.gif()
            : upright.tiff();
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  // An animation's height is its page height, not the strip's.
  return { bytes: data, width: info.width, height: pages > 1 && info.pageHeight ? info.pageHeight : info.height };
};

/** The bytes to publish for a checked upload, with the dimensions as they will be shown. */
export const stripMetadata = async (type: MediaContentType, bytes: Buffer, checked: { width: number | null; height: number | null }): Promise<Stripped> => {
  if (AS_THEY_ARE.includes(type)) return { ok: true, bytes, ...checked, aspectRatio: aspectRatioOf(checked.width, checked.height) };
  if (mediaKindOf(type) === 'video') {
    if (!CLEANABLE_VIDEOS.includes(type)) return { ok: false, error: mediaTexts.metadataNotRemovable(type) };
    const stripped = stripIsoMetadata(bytes);
    return stripped.ok ? { ok: true, bytes: stripped.bytes, width: null, height: null, aspectRatio: 'custom' } : { ok: false, error: mediaTexts.contentMismatch(type) };
  }
  try {
    const image = await reencode(type, bytes);
    return { ok: true, ...image, aspectRatio: aspectRatioOf(image.width, image.height) };
  } catch {
    return { ok: false, error: mediaTexts.unreadableImage };
  }
};
