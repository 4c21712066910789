// Does a file's content match the type it was declared with? Each type's signature ("magic bytes") is
// read from the first bytes; the declared type alone proves nothing (an executable renamed .png).
// Containers that share a signature (MP4, MOV, M4V and 3GP are all ISO base media files) accept each
// other's brands: which one a camera wrote says nothing about safety, only that it is a video file.
import type { MediaContentType } from '../contracts/media.js';

/** Enough of the file's start for every signature below and for finding '<svg' after a prologue. */
export const SNIFF_BYTES = 4096;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const isoMedia = (bytes: Uint8Array) => {
  // An ISO base media file starts with a box: 4 bytes of size, then its type ('ftyp', or 'moov'/'mdat'/
  // 'wide'/'free'/'skip' in older QuickTime files).
  const box = String.fromCharCode(...bytes.subarray(4, 8));
  return ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].includes(box);
};

const riff = (bytes: Uint8Array, form: string) => startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii(form), 8);

/**
 * An SVG is XML text whose root element is <svg>: after an optional BOM, XML declaration, comments,
 * doctype and whitespace. Binary content (a NUL byte) is never SVG.
 */
const isSvg = (bytes: Uint8Array) => {
  if (bytes.includes(0)) return false;
  let text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  for (;;) {
    const before = text;
    text = text
      .replace(/^\s+/, '')
      .replace(/^<\?xml[\s\S]*?\?>/, '')
      .replace(/^<!--[\s\S]*?-->/, '')
      .replace(/^<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/i, '');
    if (text === before) break;
  }
  return /^<svg[\s>/]/.test(text);
};

const SIGNATURES: Record<MediaContentType, (bytes: Uint8Array) => boolean> = {
  'image/jpeg': (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  'image/png': (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/gif': (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')),
  'image/webp': (b) => riff(b, 'WEBP'),
  'image/bmp': (b) => startsWith(b, ascii('BM')) && b.length >= 26,
  'image/svg+xml': isSvg,
  'image/tiff': (b) => startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a]),
  'video/mp4': isoMedia,
  'video/quicktime': isoMedia,
  'video/x-m4v': isoMedia,
  'video/3gpp': isoMedia,
  'video/webm': (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]),
  'video/x-matroska': (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]),
  'video/ogg': (b) => startsWith(b, ascii('OggS')),
  'video/x-msvideo': (b) => riff(b, 'AVI '),
  // The ASF header object's GUID.
  'video/x-ms-wmv': (b) => startsWith(b, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c]),
  'video/x-flv': (b) => startsWith(b, ascii('FLV')) && b[3] === 0x01,
};

/** True when the file's first bytes are those of the declared type. */
export const contentMatches = (type: MediaContentType, head: Uint8Array): boolean => SIGNATURES[type](head.subarray(0, SNIFF_BYTES));

/** A BMP's size from its header (sharp does not read BMP): width at byte 18, height at 22 (negative when top-down). */
export const bmpDimensions = (bytes: Uint8Array): { width: number; height: number } | null => {
  if (bytes.length < 26) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerSize = view.getUint32(14, true);
  if (headerSize === 12) return { width: view.getUint16(18, true), height: view.getUint16(20, true) };
  return { width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) };
};
