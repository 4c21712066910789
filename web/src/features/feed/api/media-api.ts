// 'Photo/Video' (spec 001 §2.4, §7): POST /api/media/upload names where the file goes, the file is
// sent there with PUT, and the attachment keeps the address without its query string (§3).
import { sendJson } from '@/lib/http';
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '../feed-constants';
import type { MediaAttachment } from '../feed-constants';

const MB = 1024 * 1024;

/** The spec's types (§5); a file the browser cannot name is judged by its extension. */
const IMAGE_TYPES = /^image\/(jpeg|jpg|png|gif|webp|bmp|svg\+xml|tiff)$/;
const VIDEO_TYPES = /^video\/(mp4|webm|ogg|quicktime|x-msvideo|x-ms-wmv|x-flv|x-matroska|x-m4v|3gpp)$/;

/** What is wrong with the file before any upload (§5: alerts naming the limits), or null. */
export const fileProblem = (file: File): string | null => {
  const image = IMAGE_TYPES.test(file.type);
  const video = VIDEO_TYPES.test(file.type);
  if (!image && !video) return `"${file.name}" is not a supported type. Images: JPEG, PNG, GIF, WebP, BMP, SVG, TIFF (up to 2 MB); videos: MP4, WebM, OGG, MOV, AVI, WMV, FLV, MKV, M4V, 3GP (up to 10 MB).`;
  if (image && file.size > IMAGE_MAX_BYTES) return `"${file.name}" is larger than ${IMAGE_MAX_BYTES / MB} MB, the limit for images.`;
  if (video && file.size > VIDEO_MAX_BYTES) return `"${file.name}" is larger than ${VIDEO_MAX_BYTES / MB} MB, the limit for videos.`;
  return null;
};

const imageSize = (file: File): Promise<{ width: number; height: number } | null> =>
  new Promise((resolve) => {
    if (!file.type.startsWith('image/')) return resolve(null);
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
      URL.revokeObjectURL(url);
    };
    image.onerror = () => {
      resolve(null);
      URL.revokeObjectURL(url);
    };
    image.src = url;
  });

interface UploadTicket {
  uploadURL?: string;
  uploadUrl?: string;
  url?: string;
  headers?: Record<string, string>;
  attachment?: Partial<MediaAttachment>;
}

export const uploadMedia = async (file: File): Promise<MediaAttachment> => {
  const ticket = await sendJson<UploadTicket>('/api/media/upload', { body: { visibility: 'public', contentType: file.type, sizeBytes: file.size, fileName: file.name } });
  const target = ticket.uploadURL ?? ticket.uploadUrl;
  if (!target) throw new Error('No upload address');
  const put = await fetch(target, { method: 'PUT', body: file, headers: { 'Content-Type': file.type, ...ticket.headers }, credentials: 'same-origin' });
  if (!put.ok) {
    let message = put.statusText;
    try {
      const body = (await put.json()) as { error?: string };
      message = body.error ?? message;
    } catch {
      // Not JSON (S3 answers XML): the status text says enough.
    }
    throw new Error(message);
  }
  const size = await imageSize(file);
  const url = (ticket.attachment?.url ?? ticket.url ?? target).split(/[?#]/)[0]!;
  return {
    id: ticket.attachment?.id ?? crypto.randomUUID(),
    type: file.type.startsWith('video/') ? 'video' : 'image',
    url,
    thumbnailUrl: null,
    title: null,
    description: null,
    provider: null,
    width: size?.width ?? null,
    height: size?.height ?? null,
    aspectRatio: 'custom',
    sizeBytes: file.size,
    createdAt: new Date().toISOString(),
    ...ticket.attachment,
  };
};
