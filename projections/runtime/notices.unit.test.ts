import { describe, expect, it } from 'vitest';
import type { ChangeNotice } from '../types.js';
import { chunkPayloads, dedupeNotices, parseChangesPayload } from './notices.js';

describe('change notices', () => {
  it('keeps one notice per user, post, session and directory', () => {
    const notices: ChangeNotice[] = [
      { scope: 'user', id: 'a' },
      { scope: 'members' },
      { scope: 'user', id: 'a' },
      { scope: 'session', id: 's', participants: ['b', 'a'] },
      { scope: 'session', id: 's', participants: ['a', 'b'] },
      { scope: 'user', id: 'b' },
      { scope: 'members' },
    ];
    expect(dedupeNotices(notices)).toEqual([
      { scope: 'user', id: 'a' },
      { scope: 'members' },
      { scope: 'session', id: 's', participants: ['b', 'a'] },
      { scope: 'user', id: 'b' },
    ]);
  });

  it("keeps a member's changes about different things apart, and one of each", () => {
    const notices: ChangeNotice[] = [
      { scope: 'user', id: 'a', about: 'sessions' },
      { scope: 'user', id: 'a', about: 'notifications' },
      { scope: 'user', id: 'a', about: 'sessions' },
      { scope: 'user', id: 'a' },
    ];
    expect(dedupeNotices(notices)).toEqual([
      { scope: 'user', id: 'a', about: 'sessions' },
      { scope: 'user', id: 'a', about: 'notifications' },
      { scope: 'user', id: 'a' },
    ]);
  });

  it("keeps the topic of a member's change through the NOTIFY payload", () => {
    const notices: ChangeNotice[] = [{ scope: 'user', id: 'a', about: 'balance' }];
    expect(chunkPayloads('balances', '1:2', notices).map((p) => parseChangesPayload(p)!.notices)).toEqual([notices]);
  });

  it('splits a large batch into payloads under the 8000-byte NOTIFY limit without losing a notice', () => {
    const notices: ChangeNotice[] = Array.from({ length: 2000 }, (_, i) => ({ scope: 'user', id: `member-${i}-${'x'.repeat(20)}` }));
    const payloads = chunkPayloads('members', '12:34', notices);
    expect(payloads.length).toBeGreaterThan(5);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    const parsed = payloads.map((p) => parseChangesPayload(p)!);
    expect(parsed.every((p) => p.projector === 'members' && p.checkpoint === '12:34')).toBe(true);
    expect(parsed.flatMap((p) => p.notices)).toEqual(notices);
  });

  it('sends a batch that fits as one payload, measuring its bytes and not its characters', () => {
    const small: ChangeNotice[] = [
      { scope: 'user', id: 'a' },
      { scope: 'session', id: 's', participants: ['a', 'b'] },
    ];
    expect(chunkPayloads('sessions', '1:2', small)).toEqual([JSON.stringify({ projector: 'sessions', checkpoint: '1:2', notices: small })]);
    // About 3,200 characters but 7,600 bytes: one payload still fits; twice as many notices do not.
    const wide: Extract<ChangeNotice, { scope: 'user' }>[] = Array.from({ length: 36 }, (_, i) => ({
      scope: 'user' as const,
      id: `${String(i).padStart(2, '0')}-${'日'.repeat(60)}`,
    }));
    expect(chunkPayloads('members', '1:2', wide)).toHaveLength(1);
    const twice = [...wide, ...wide.map((n, i) => ({ ...n, id: `${i}-${n.id}` }))];
    const payloads = chunkPayloads('members', '1:2', twice);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    expect(payloads.flatMap((p) => parseChangesPayload(p)!.notices)).toEqual(twice);
  });

  it('sends nothing for a batch without notices', () => {
    expect(chunkPayloads('members', '1:1', [])).toEqual([]);
  });

  it('ignores payloads that are not change notices', () => {
    expect(parseChangesPayload('not json')).toBeNull();
    expect(parseChangesPayload('{"hello":1}')).toBeNull();
  });
});
