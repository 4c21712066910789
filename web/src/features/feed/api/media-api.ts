// 'Photo/Video' (spec 001 §2.4, §7): POST /api/media/upload names where the bytes go, they are sent
// there with PUT (and the headers given, part of a presigned URL's signature), then POST
// /api/media/{id}/complete has the server check them and answers the attachment a post may carry.
// Loaded with the composer only: the media contract carries zod.
import { maxBytesOf, mediaContentTypeOf, mediaTexts, tooLargeText } from '@contracts/media';
import type { MediaUpload } from '@contracts/media';
import { sendJson } from '@/lib/http';
import type { MediaAttachment } from '../feed-constants';

/** What is wrong with the file before any upload (§5: alerts naming the limits), or null. */
export const fileProblem = (file: File): string | null => {
  const type = mediaContentTypeOf(file.type);
  if (!type) return mediaTexts.unsupportedType;
  if (file.size > maxBytesOf(type)) return tooLargeText(type);
  return null;
};

const putProblem = async (response: Response): Promise<string> => {
  try {
    const body = (await response.clone().json()) as { error?: unknown };
    if (typeof body.error === 'string') return body.error;
  } catch {
    // S3 answers XML: its status text says enough.
  }
  return response.statusText || `HTTP ${response.status}`;
};

export const uploadMedia = async (file: File): Promise<MediaAttachment> => {
  const ticket = await sendJson<MediaUpload>('/api/media/upload', {
    body: { visibility: 'public', contentType: file.type, size: file.size, fileName: file.name.slice(0, 300) },
  });
  const put = await fetch(ticket.uploadURL, { method: 'PUT', body: file, headers: ticket.headers });
  if (!put.ok) throw new Error(await putProblem(put));
  return sendJson<MediaAttachment>(`/api/media/${encodeURIComponent(ticket.id)}/complete`, { body: {} });
};
