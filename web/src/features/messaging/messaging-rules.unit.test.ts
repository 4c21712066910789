import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@contracts/messaging';
import { lastMessagePreview, messageToMarkRead, seenMessageId } from './messaging-rules';
import { MAX_OPEN_WINDOWS, withOpened } from './messaging-store';

const message = (sequence: number, sender: string, read: boolean): ChatMessage => ({
  id: `m${sequence}`,
  conversation_id: 'c',
  sender_id: sender,
  content: `text ${sequence}`,
  read_at: read ? '2026-11-25T10:00:00.000Z' : null,
  created_at: '2026-11-25T09:00:00.000Z',
  sequence,
});

describe('messaging rules', () => {
  it('prefixes my own last message with You:', () => {
    const last = { id: 'm1', sender_id: 'me', content: 'Hi', created_at: '' };
    expect(lastMessagePreview({ last_message: last }, 'me')).toBe('You: Hi');
    expect(lastMessagePreview({ last_message: { ...last, sender_id: 'bob' } }, 'me')).toBe('Hi');
    expect(lastMessagePreview({ last_message: null }, 'me')).toBeNull();
  });

  it('shows Seen under my last message the other member read', () => {
    expect(seenMessageId([message(1, 'me', true), message(2, 'me', true), message(3, 'me', false)], 'me')).toBe('m2');
    expect(seenMessageId([message(1, 'me', false), message(2, 'bob', true)], 'me')).toBeNull();
  });

  it('reads the newest incoming message only while it is unread', () => {
    expect(messageToMarkRead([message(1, 'bob', false), message(2, 'bob', false), message(3, 'me', false)], 'me')).toBe('m2');
    expect(messageToMarkRead([message(1, 'bob', true), message(2, 'me', false)], 'me')).toBeNull();
    expect(messageToMarkRead([], 'me')).toBeNull();
  });

  it('opens a window in front and minimises the oldest beyond the limit', () => {
    let windows = withOpened([], 'a');
    for (const id of ['b', 'c', 'd']) windows = withOpened(windows, id);
    expect(windows.map((w) => [w.memberId, w.minimised])).toEqual([
      ['d', false],
      ['c', false],
      ['b', false],
      ['a', true],
    ]);
    expect(windows.filter((w) => !w.minimised)).toHaveLength(MAX_OPEN_WINDOWS);
    expect(withOpened(windows, 'a')[0]).toEqual({ memberId: 'a', minimised: false });
  });
});
