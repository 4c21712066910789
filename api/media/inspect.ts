// The server's check of an uploaded object before a post may use it (issue 20 point 5): its size
// within the type's limit, its first bytes those of the declared type, and for images the dimensions
// (read by sharp from the header, BMP by hand), from which the aspect ratio follows.
import sharp from 'sharp';
import { ASPECT_RATIOS } from '../contracts/feed.js';
import { maxBytesOf, mediaKindOf, mediaTexts, tooLargeText, type MediaContentType } from '../contracts/media.js';
import { bmpDimensions, contentMatches } from './sniff.js';

export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** Above this many pixels an image is refused: sharp would otherwise decode a tiny file into gigabytes. */
export const MAX_IMAGE_PIXELS = 100_000_000;

export type Inspection = { ok: true; width: number | null; height: number | null; aspectRatio: AspectRatio } | { ok: false; error: string };

const NAMED: [AspectRatio, number][] = [
  ['9:16', 9 / 16],
  ['3:4', 3 / 4],
  ['16:9', 16 / 9],
];

/** The named ratio the image is within 2% of, else 'custom' (spec 001 §3: custom, 9:16, 3:4, 16:9). */
export const aspectRatioOf = (width: number | null, height: number | null): AspectRatio => {
  if (!width || !height) return 'custom';
  const ratio = width / height;
  return NAMED.find(([, value]) => Math.abs(ratio / value - 1) <= 0.02)?.[0] ?? 'custom';
};

const dimensionsOf = async (type: MediaContentType, bytes: Buffer): Promise<{ width: number; height: number } | null> => {
  if (type === 'image/bmp') return bmpDimensions(bytes);
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    return meta.width && meta.height ? { width: meta.width, height: meta.height } : null;
  } catch {
    return null;
  }
};

/**
 * Checks an object. `size` is the stored object's size; `bytes` its content (the whole file for
 * images, at least its first bytes for videos).
 */
export const inspectMedia = async (type: MediaContentType, size: number, bytes: Buffer): Promise<Inspection> => {
  if (size > maxBytesOf(type)) return { ok: false, error: tooLargeText(type) };
  if (!contentMatches(type, bytes)) return { ok: false, error: mediaTexts.contentMismatch(type) };
  if (mediaKindOf(type) === 'video') return { ok: true, width: null, height: null, aspectRatio: 'custom' };
  const dimensions = await dimensionsOf(type, bytes);
  if (!dimensions || dimensions.width < 1 || dimensions.height < 1 || dimensions.width * dimensions.height > MAX_IMAGE_PIXELS) {
    return { ok: false, error: mediaTexts.unreadableImage };
  }
  return { ok: true, ...dimensions, aspectRatio: aspectRatioOf(dimensions.width, dimensions.height) };
};
