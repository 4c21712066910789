// The cursor of a member's ledger movements (GET /api/admin/audit/ledger/members/{id}): what the next page
// needs to go on folding without reading the ledger from its start. The running balance alone is not
// enough: a refund or a transfer on the next page settles a hold placed on an earlier one, and the
// ledger's evolve settles only a hold it holds as open. So the cursor carries the stream revision to
// read from, the balance there, and a short tag of each hold still open there, signed with the server's
// secret so a page never folds from a balance the server did not compute (decision 346).
import { createHash } from 'node:crypto';
import { LEDGER_CURSOR_MAX } from '../../contracts/admin-ledger-audit.js';

/** Where a page starts: the ledger's revision to read from and the fold's balance and open holds before it. */
export interface PageStart {
  revision: number;
  available: number;
  held: number;
  /** Tags of the holds open before `revision`; 'unknown' past OPEN_HOLDS_CARRIED (the page then trusts the log). */
  openHolds: ReadonlySet<string> | 'unknown';
}

export const FIRST_PAGE: PageStart = { revision: 0, available: 0, held: 0, openHolds: new Set() };

const TAG_LENGTH = 8;
/** As many tags as fit the contract's cursor beside the numbers and the signature. */
export const OPEN_HOLDS_CARRIED = Math.floor((LEDGER_CURSOR_MAX - 120) / TAG_LENGTH);

/** 48 bits of the hold id's SHA-256: two open holds of one member sharing a tag is not a practical case. */
export const holdTag = (holdId: string): string => createHash('sha256').update(holdId).digest('base64url').slice(0, TAG_LENGTH);

/** The app's signer (@fastify/cookie's, over the session secret): HMAC-SHA256 of the value. */
export interface CursorSigner {
  sign(value: string): string;
  unsign(value: string): { valid: boolean; value: string | null };
}

// The purpose and the member are signed with the page's numbers, never sent: a cursor of one member (or a
// session cookie) is no cursor of another.
const signedValue = (memberId: string, payload: string) => `ledger-movements:${memberId}:${payload}`;
const PAYLOAD = /^(\d{1,15})~(-?\d{1,15})~(-?\d{1,15})~(\*|(?:[A-Za-z0-9_-]{8})*)$/;

export const writeCursor = (signer: CursorSigner, memberId: string, start: PageStart): string => {
  const tags = start.openHolds === 'unknown' || start.openHolds.size > OPEN_HOLDS_CARRIED ? '*' : [...start.openHolds].sort().join('');
  const payload = `${start.revision}~${start.available}~${start.held}~${tags}`;
  const signed = signer.sign(signedValue(memberId, payload));
  return `${payload}${signed.slice(signedValue(memberId, payload).length)}`;
};

/** The page start the cursor names, or null when it was not made by this server for this member. */
export const readCursor = (signer: CursorSigner, memberId: string, cursor: string): PageStart | null => {
  const dot = cursor.lastIndexOf('.');
  if (dot < 0) return null;
  const payload = cursor.slice(0, dot);
  const match = PAYLOAD.exec(payload);
  if (!match || !signer.unsign(`${signedValue(memberId, payload)}${cursor.slice(dot)}`).valid) return null;
  const [, revision, available, held, tags] = match as unknown as [string, string, string, string, string];
  const openHolds = tags === '*' ? 'unknown' : new Set(tags.match(/.{8}/g) ?? []);
  return { revision: Number(revision), available: Number(available), held: Number(held), openHolds };
};
