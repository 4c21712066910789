import { describe, expect, it } from 'vitest';
import { memberChanged, membersChanged, postChanged, toAdmins, toMembers } from '../change-notices.js';
import type { ChangeNotice } from '../types.js';
import { chunkPayloads, dedupeNotices, parseChangesPayload } from './notices.js';

const sessionChanged = (id: string, participants: string[]) => toMembers(participants, { type: 'changed', scope: 'session', id });

describe('change notices', () => {
  it('keeps one notice per user, post, session and directory', () => {
    const notices: ChangeNotice[] = [
      memberChanged('a'),
      membersChanged(),
      memberChanged('a'),
      sessionChanged('s', ['b', 'a']),
      sessionChanged('s', ['a', 'b']),
      memberChanged('b'),
      postChanged('p'),
      membersChanged(),
      postChanged('p'),
    ];
    expect(dedupeNotices(notices)).toEqual([memberChanged('a'), membersChanged(), sessionChanged('s', ['b', 'a']), memberChanged('b'), postChanged('p')]);
  });

  it("keeps a member's changes about different things apart, and one of each", () => {
    const notices: ChangeNotice[] = [memberChanged('a', 'sessions'), memberChanged('a', 'notifications'), memberChanged('a', 'sessions'), memberChanged('a')];
    expect(dedupeNotices(notices)).toEqual([memberChanged('a', 'sessions'), memberChanged('a', 'notifications'), memberChanged('a')]);
  });

  it('keeps the same payload for different audiences apart, and a new kind of payload once per audience', () => {
    const alert = { type: 'error_logged', errorId: 'e1' };
    const notices: ChangeNotice[] = [toAdmins(alert), toMembers(['a'], alert), toAdmins(alert), toAdmins({ ...alert, errorId: 'e2' })];
    expect(dedupeNotices(notices)).toEqual([toAdmins(alert), toMembers(['a'], alert), toAdmins({ ...alert, errorId: 'e2' })]);
  });

  it("keeps the topic of a member's change through the NOTIFY payload", () => {
    const notices: ChangeNotice[] = [memberChanged('a', 'balance')];
    expect(chunkPayloads('balances', '1:2', notices).map((p) => parseChangesPayload(p)!.notices)).toEqual([notices]);
  });

  it('splits a large batch into payloads under the 8000-byte NOTIFY limit without losing a notice', () => {
    const notices: ChangeNotice[] = Array.from({ length: 2000 }, (_, i) => memberChanged(`member-${i}-${'x'.repeat(20)}`));
    const payloads = chunkPayloads('members', '12:34', notices);
    expect(payloads.length).toBeGreaterThan(5);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    const parsed = payloads.map((p) => parseChangesPayload(p)!);
    expect(parsed.every((p) => p.projector === 'members' && p.checkpoint === '12:34')).toBe(true);
    expect(parsed.flatMap((p) => p.notices)).toEqual(notices);
  });

  it('sends a batch that fits as one payload, measuring its bytes and not its characters', () => {
    const small: ChangeNotice[] = [memberChanged('a'), sessionChanged('s', ['a', 'b'])];
    expect(chunkPayloads('sessions', '1:2', small)).toEqual([JSON.stringify({ projector: 'sessions', checkpoint: '1:2', notices: small })]);
    // About 3,900 characters but 6,800 bytes: one payload still fits; twice as many notices do not.
    const wide: ChangeNotice[] = Array.from({ length: 24 }, (_, i) => memberChanged(`${String(i).padStart(2, '0')}-${'日'.repeat(30)}`));
    expect(chunkPayloads('members', '1:2', wide)).toHaveLength(1);
    const twice = [...wide, ...wide.map((_, i) => memberChanged(`${i}-${String(i).padStart(2, '0')}-${'日'.repeat(30)}`))];
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
