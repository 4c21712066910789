// The messaging read model on PGlite and PostgreSQL: conversations with the other member, the last
// message and the unread count after the watermark, pages by cursor with read_at from the watermark,
// notices to the two participants, and the same rows whatever the batches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeNotice } from '../types.js';
import type { ConversationEvent } from '../../domain/conversation/events.js';
import type { SqlDatabase } from '../../eventstore/sql-database.js';
import { createEventLog } from '../../test/projections/support/recorded-events.js';
import { dumpTables } from '../../test/projections/support/table-dump.js';
import { testTargets, type TestDatabase } from '../../test/projections/support/test-databases.js';
import { membersProjector } from '../members/projector.js';
import { migrateProjector } from '../runtime/migrate.js';
import { eventsFor, inBatches } from '../sessions/testing.js';
import type { ReadModelsDb } from '../read-models.js';
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
  let database: TestDatabase;
  let sql: SqlDatabase<ReadModelsDb>;
  const story = tell();
  let notices: unknown[] = [];

  beforeAll(async () => {
    database = await target.create();
    sql = await database.open();
    await migrateProjector(sql.db, membersProjector, 'public');
    await membersProjector.apply(sql.db, eventsFor(story.events, membersProjector.handles));
    await migrateProjector(sql.db, messagingProjector, 'public');
    notices = await messagingProjector.apply(sql.db, eventsFor(story.events, messagingProjector.handles));
  });
  afterAll(async () => {
    await sql?.close();
    await database?.destroy();
  });

  it('lists the conversation for each member with the other member, the last message and the unread count', async () => {
    const [forAda] = await listConversations(sql.db, 'ada');
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
    expect((await listConversations(sql.db, 'bob'))[0]).toMatchObject({ other_user: { id: 'ada', name: 'Ada' }, unread_count: 1 });
    expect(await listConversations(sql.db, 'eve')).toEqual([]);
    expect(await conversationParticipants(sql.db, 'c1')).toEqual(['ada', 'bob']);
    expect(await messageConversation(sql.db, 'm3')).toBe('c1');
  });

  it('pages newest first with read_at from the recipient’s watermark', async () => {
    const newest = await messagesPage(sql.db, 'c1', { limit: 3 });
    expect(newest.messages.map((m) => [m.id, m.read_at])).toEqual([
      ['m2', story.at(20)],
      ['m3', null],
      ['m4', null],
    ]);
    expect(newest.next_cursor).toBe('2');
    expect(await messagesPage(sql.db, 'c1', { limit: 3, before: '2' })).toMatchObject({ messages: [{ id: 'm1', read_at: story.at(20) }], next_cursor: null });
  });

  it('tells the two participants only', () => {
    const toBoth = { to: 'members', ids: ['ada', 'bob'] };
    expect(notices).toContainEqual({ audience: toBoth, payload: { type: 'changed', scope: 'conversation', id: 'c1' } });
    expect(notices).toContainEqual({ audience: toBoth, payload: { type: 'new_message', message: expect.objectContaining({ id: 'm1', conversation_id: 'c1' }) } });
    expect(notices.filter((n) => (n as ChangeNotice).payload.type === 'messages_read')).toEqual([
      { audience: toBoth, payload: expect.objectContaining({ type: 'messages_read' }) },
    ]);
    expect(notices.every((n) => (n as ChangeNotice).audience.to === 'members')).toBe(true);
  });

  it('gives the same rows whether events arrive in one batch or in many small ones', async () => {
    const handled = eventsFor(story.events, messagingProjector.handles);
    for (const schema of ['by_one', 'by_three']) {
      await sql.db.schema.createSchema(schema).execute();
      await migrateProjector(sql.db, messagingProjector, schema);
    }
    for (const event of handled) await messagingProjector.apply(sql.db.withSchema('by_one'), [event]);
    for (const batch of inBatches(handled, 3)) await messagingProjector.apply(sql.db.withSchema('by_three'), batch);
    const reference = await dumpTables(sql.db, [messagingProjector]);
    expect(await dumpTables(sql.db.withSchema('by_one'), [messagingProjector])).toEqual(reference);
    expect(await dumpTables(sql.db.withSchema('by_three'), [messagingProjector])).toEqual(reference);
  });
});
