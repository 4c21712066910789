// The messaging read model on PGlite and PostgreSQL: conversations with the other member, the last
// message and the unread count after the watermark, pages by cursor with read_at from the watermark,
// notices to the two participants, and the same rows whatever the batches.
import { describe, expect, it } from 'vitest';
import type { ConversationEvent } from '../../domain/conversation/events.js';
import { projectionSpec } from '../../test/projections/support/projection-spec.js';
import { createEventLog } from '../../test/projections/support/recorded-events.js';
import { dumpTables } from '../../test/projections/support/table-dump.js';
import { testTargets } from '../../test/projections/support/test-databases.js';
import { membersProjector } from '../members/projector.js';
import { messagingProjector } from './projector.js';
import { conversationParticipants, listConversations, messageConversation, messagesPage } from './queries.js';

const tell = () => {
  const log = createEventLog();
  const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
  for (const [id, name] of [
    ['ada', 'Ada'],
    ['bob', 'Bob'],
  ] as const) {
    log.record(`member-${id}`, { type: 'MemberRegistered', data: { memberId: id, email: `${id}@example.com`, name, timeZone: 'UTC', registeredAt: at(0) } }, at(0));
  }
  const c = (event: ConversationEvent, minute: number) => log.record('conversation-c1', event, at(minute));
  c({ type: 'ConversationStarted', data: { conversationId: 'c1', participantIds: ['ada', 'bob'], startedBy: 'bob', startedAt: at(1) } }, 1);
  const send = (n: number, from: 'ada' | 'bob') =>
    c(
      {
        type: 'MessageSent',
        data: {
          conversationId: 'c1',
          messageId: `m${n}`,
          senderId: from,
          recipientId: from === 'ada' ? 'bob' : 'ada',
          content: `text ${n}`,
          sequence: n,
          sentAt: at(n + 1),
        },
      },
      n + 1,
    );
  send(1, 'bob');
  send(2, 'bob');
  send(3, 'ada');
  send(4, 'bob');
  c({ type: 'MessagesRead', data: { conversationId: 'c1', readerId: 'ada', upToMessageId: 'm2', upToSequence: 2, readAt: at(20) } }, 20);
  // A late, older receipt moves nothing back.
  c({ type: 'MessagesRead', data: { conversationId: 'c1', readerId: 'ada', upToMessageId: 'm1', upToSequence: 1, readAt: at(21) } }, 21);
  return { events: log.events, at };
};

describe.each(testTargets())('messaging read model on $kind', (target) => {
  const spec = projectionSpec(target, messagingProjector, { with: [membersProjector] });
  const story = tell();

  it('lists the conversation for each member with the other member, the last message and the unread count', () =>
    spec.given(story.events).then(async (db) => {
      const [forAda] = await listConversations(db, 'ada');
      expect(forAda).toEqual({
        id: 'c1',
        participant1_id: 'ada',
        participant2_id: 'bob',
        last_message_at: story.at(5),
        created_at: story.at(1),
        other_user: { id: 'bob', name: 'Bob', avatar: null },
        last_message: { id: 'm4', sender_id: 'bob', content: 'text 4', created_at: story.at(5) },
        unread_count: 1,
      });
      expect((await listConversations(db, 'bob'))[0]).toMatchObject({ other_user: { id: 'ada', name: 'Ada' }, unread_count: 1 });
      expect(await listConversations(db, 'eve')).toEqual([]);
      expect(await conversationParticipants(db, 'c1')).toEqual(['ada', 'bob']);
      expect(await messageConversation(db, 'm3')).toBe('c1');
    }));

  it('pages newest first with read_at from the recipient’s watermark', () =>
    spec.given(story.events).then(async (db) => {
      const newest = await messagesPage(db, 'c1', { limit: 3 });
      expect(newest.messages.map((m) => [m.id, m.read_at])).toEqual([
        ['m2', story.at(20)],
        ['m3', null],
        ['m4', null],
      ]);
      expect(newest.next_cursor).toBe('2');
      expect(await messagesPage(db, 'c1', { limit: 3, before: '2' })).toMatchObject({ messages: [{ id: 'm1', read_at: story.at(20) }], next_cursor: null });
    }));

  it('tells the two participants only', () =>
    spec.given(story.events).then((_, { notices }) => {
      const toBoth = { to: 'members', ids: ['ada', 'bob'] };
      expect(notices).toContainEqual({ audience: toBoth, payload: { type: 'changed', scope: 'conversation', id: 'c1' } });
      expect(notices).toContainEqual({ audience: toBoth, payload: { type: 'new_message', message: expect.objectContaining({ id: 'm1', conversation_id: 'c1' }) } });
      expect(notices.filter((n) => n.payload.type === 'messages_read')).toEqual([{ audience: toBoth, payload: expect.objectContaining({ type: 'messages_read' }) }]);
      expect(notices.every((n) => n.audience.to === 'members')).toBe(true);
    }));

  // projectionSpec compares every split's rows with the first's.
  it('gives the same rows whether events arrive in one batch or in many small ones', () =>
    spec.given(story.events).then(async (db) => {
      expect((await dumpTables(db, [messagingProjector])).conversation_messages).toHaveLength(4);
    }));
});
