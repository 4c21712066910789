// Where uploaded media live: an S3 bucket when S3_* is set, else a directory of the app (MEDIA_DIR).
// Both answer the same contract: the member PUTs the bytes to `target.url` with `target.headers`, and
// the server then reads the object back to check it.
import type { MediaContentType } from '../contracts/media.js';

export interface UploadTarget {
  url: string;
  headers: Record<string, string>;
}

export interface NewUpload {
  id: string;
  key: string;
  contentType: MediaContentType;
  /** The declared size, bound into the upload where the storage can. */
  size?: number;
  expiresInSeconds: number;
}

export interface MediaStorage {
  kind: 'local' | 's3';
  /**
   * Where the member's PUT writes (`uploadKey`) and where the checked object is kept (`objectKey`).
   * They differ on S3: a presigned URL stays usable until it expires, so the checked object is a copy
   * under a key no URL handed out can write.
   */
  keysOf(id: string, contentType: MediaContentType): { uploadKey: string; objectKey: string };
  uploadTarget(upload: NewUpload): Promise<UploadTarget>;
  /** The address the object is read from (no query string). */
  objectUrl(id: string, key: string): string;
  /** The object's size in bytes and version (ETag, mtime), or null when nothing was uploaded. */
  stat(key: string): Promise<{ size: number; version: string } | null>;
  /** At most `limit` bytes from the start of the object's given version (refused if it changed since). */
  read(key: string, limit: number, version: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
  /** Writes an object the server made itself (a cleaned upload, a profile picture's sizes) under `key`, whole or not at all. */
  put(key: string, bytes: Buffer, contentType: MediaContentType): Promise<void>;
}

const EXTENSIONS: Record<MediaContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
  'image/svg+xml': 'svg',
  'image/tiff': 'tiff',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/ogg': 'ogv',
  'video/quicktime': 'mov',
  'video/x-msvideo': 'avi',
  'video/x-ms-wmv': 'wmv',
  'video/x-flv': 'flv',
  'video/x-matroska': 'mkv',
  'video/x-m4v': 'm4v',
  'video/3gpp': '3gp',
};
export const extensionOf = (type: MediaContentType) => EXTENSIONS[type];
