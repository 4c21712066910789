import { signerFactory } from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { LEDGER_CURSOR_MAX } from '../../contracts/admin-ledger-audit.js';
import { holdTag, OPEN_HOLDS_CARRIED, readCursor, writeCursor, type CursorSigner, type PageStart } from './ledger-cursor.js';

// The app's own signer (@fastify/cookie's, as app.signCookie uses it) over a test secret.
const signer: CursorSigner = signerFactory('a test secret of at least thirty-two characters');
const other: CursorSigner = signerFactory('another secret, of another server, just as long');

const start = (openHolds: PageStart['openHolds']): PageStart => ({ revision: 100, available: 7, held: 2, openHolds });

describe("the ledger movements' cursor", () => {
  it('gives back the page start it was written with, for the same member only', () => {
    const cursor = writeCursor(signer, 'member-a', start(new Set([holdTag('hold-1'), holdTag('hold-2')])));
    expect(readCursor(signer, 'member-a', cursor)).toEqual(start(new Set([holdTag('hold-1'), holdTag('hold-2')])));
    expect(readCursor(signer, 'member-b', cursor)).toBeNull();
    expect(readCursor(other, 'member-a', cursor)).toBeNull();
  });

  it('refuses a changed balance, position or hold, and what is no cursor at all', () => {
    const cursor = writeCursor(signer, 'member-a', start(new Set([holdTag('hold-1')])));
    const dot = cursor.lastIndexOf('.');
    const [revision, available, held, tags] = cursor.slice(0, dot).split('~') as [string, string, string, string];
    const signature = cursor.slice(dot);
    for (const changed of [
      `${revision}~${Number(available) + 1}~${held}~${tags}${signature}`,
      `${Number(revision) + 1}~${available}~${held}~${tags}${signature}`,
      `${revision}~${available}~${held}~${holdTag('hold-9')}${signature}`,
      `${revision}~${available}~${held}~*${signature}`,
      cursor.slice(0, dot),
      'nonsense',
      '',
    ]) {
      expect(readCursor(signer, 'member-a', changed), changed).toBeNull();
    }
  });

  it('says the open holds are unknown past what the contract lets a cursor carry, and stays within its length', () => {
    const many = new Set(Array.from({ length: OPEN_HOLDS_CARRIED }, (_, i) => holdTag(`hold-${i}`)));
    const full = writeCursor(signer, 'member-a', start(many));
    expect(full.length).toBeLessThanOrEqual(LEDGER_CURSOR_MAX);
    expect(readCursor(signer, 'member-a', full)?.openHolds).toEqual(many);
    const tooMany = writeCursor(signer, 'member-a', start(new Set([...many, holdTag('one-more')])));
    expect(readCursor(signer, 'member-a', tooMany)?.openHolds).toBe('unknown');
  });
});
