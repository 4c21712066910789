// Keyset cursors of the feed and of comment pages: the sort key of the last row shown, opaque to the
// client (base64url JSON). A cursor that does not parse is a 400, never a full scan.
import { DomainError } from '../../domain/shared.js';

export interface FeedCursor {
  popularity: number;
  createdAt: string;
  id: string;
}

/** The column's type (integer) and timestamptz's range bound what a cursor may hold: anything else is junk, not a database error. */
const MAX_POPULARITY = 2_147_483_647;
const MAX_CURSOR_TIME = Date.parse('9999-12-31T23:59:59.999Z');

export const INVALID_CURSOR = 'This page link is not valid any more. Please reload the feed.';

export const encodeCursor = (cursor: FeedCursor): string => Buffer.from(JSON.stringify([cursor.popularity, cursor.createdAt, cursor.id])).toString('base64url');

export const decodeCursor = (raw: string | undefined, sort: 'recent' | 'popular'): FeedCursor | null => {
  if (raw === undefined || raw === '') return null;
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(value) || value.length !== 3) throw new Error('shape');
    const [popularity, createdAt, id] = value as unknown[];
    if (typeof popularity !== 'number' || !Number.isInteger(popularity) || Math.abs(popularity) > MAX_POPULARITY || typeof id !== 'string' || id.length > 100)
      throw new Error('fields');
    const time = typeof createdAt === 'string' ? Date.parse(createdAt) : Number.NaN;
    if (Number.isNaN(time) || time < 0 || time > MAX_CURSOR_TIME) throw new Error('time');
    if (sort === 'recent' || popularity >= 0) return { popularity, createdAt: new Date(time).toISOString(), id };
    throw new Error('popularity');
  } catch {
    throw new DomainError('VALIDATION', INVALID_CURSOR);
  }
};

/** A comment page's cursor: the stream position of the last top-level comment shown. */
export const encodeSeqCursor = (seq: string | number | bigint): string => Buffer.from(`c${String(seq)}`).toString('base64url');

export const decodeSeqCursor = (raw: string | undefined): string | null => {
  if (raw === undefined || raw === '') return null;
  const match = /^c(\d{1,18})$/.exec(Buffer.from(raw, 'base64url').toString('utf8'));
  if (!match) throw new DomainError('VALIDATION', INVALID_CURSOR);
  return match[1]!;
};
