// Queries of the messaging read model, in the shapes of api/contracts/messaging.ts. The other member's
// name and picture are read from the members read model at query time, so a rename shows at once.
import { sql, type Kysely } from 'kysely';
import type { ChatMessage, Conversation, MessagesPage } from '../../api/contracts/messaging.js';
import type { ReadModelsDb } from '../read-models.js';
import { toIso } from '../runtime/set-wise.js';
import type { ConversationRow } from './tables.js';

export type { ChatMessage, Conversation, MessagesPage };

const isoOrNull = (value: Date | string | null) => (value === null ? null : toIso(value));

/** The conversation's two members, or null when the read model does not know it. */
export const conversationParticipants = async (db: Kysely<ReadModelsDb>, conversationId: string): Promise<[string, string] | null> => {
  const row = await db.selectFrom('conversations').select(['participant1_id', 'participant2_id']).where('id', '=', conversationId).executeTakeFirst();
  return row ? [row.participant1_id, row.participant2_id] : null;
};

/** Which conversation a message belongs to (PUT /api/messages/{id}/read names only the message). */
export const messageConversation = async (db: Kysely<ReadModelsDb>, messageId: string): Promise<string | null> =>
  (await db.selectFrom('conversation_messages').select('conversation_id').where('id', '=', messageId).executeTakeFirst())?.conversation_id ?? null;

const toConversation = (row: ConversationRow & { other_name: string | null; other_avatar: string | null; unread: unknown }, memberId: string): Conversation => {
  const otherId = row.participant1_id === memberId ? row.participant2_id : row.participant1_id;
  return {
    id: row.id,
    participant1_id: row.participant1_id,
    participant2_id: row.participant2_id,
    last_message_at: isoOrNull(row.last_message_at),
    created_at: toIso(row.created_at),
    other_user: { id: otherId, name: row.other_name ?? 'Former member', avatar: row.other_avatar },
    last_message:
      row.last_message_id === null
        ? null
        : {
            id: row.last_message_id,
            sender_id: row.last_message_sender_id ?? '',
            content: row.last_message_content ?? '',
            created_at: toIso(row.last_message_at ?? row.created_at),
          },
    unread_count: Number(row.unread ?? 0),
  };
};

const conversationsOf = (db: Kysely<ReadModelsDb>, memberId: string) =>
  db
    .selectFrom('conversations as c')
    .leftJoin('members as o', (join) => join.on(sql<boolean>`o.id = case when c.participant1_id = ${memberId} then c.participant2_id else c.participant1_id end`))
    .selectAll('c')
    .select([
      'o.name as other_name',
      'o.avatar_url as other_avatar',
      sql<number>`(select count(*) from conversation_messages m where m.conversation_id = c.id and m.recipient_id = ${memberId}
        and m.sequence > case when c.participant1_id = ${memberId} then c.read_up_to_1 else c.read_up_to_2 end)`.as('unread'),
    ])
    .where((eb) => eb.or([eb('c.participant1_id', '=', memberId), eb('c.participant2_id', '=', memberId)]));

/** A member's conversations, the most recently active first (a conversation without messages by its start). */
export const listConversations = async (db: Kysely<ReadModelsDb>, memberId: string): Promise<Conversation[]> => {
  const rows = await conversationsOf(db, memberId)
    .orderBy(sql`coalesce(c.last_message_at, c.created_at)`, 'desc')
    .orderBy('c.id')
    .execute();
  return rows.map((row) => toConversation(row as never, memberId));
};

export const getConversation = async (db: Kysely<ReadModelsDb>, conversationId: string, memberId: string): Promise<Conversation | null> => {
  const row = await conversationsOf(db, memberId).where('c.id', '=', conversationId).executeTakeFirst();
  return row ? toConversation(row as never, memberId) : null;
};

/** One page of a conversation's messages: the newest without `before`, else those before that sequence; oldest first. */
export const messagesPage = async (db: Kysely<ReadModelsDb>, conversationId: string, options: { before?: string | undefined; limit: number }): Promise<MessagesPage> => {
  let query = db
    .selectFrom('conversation_messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['m.id', 'm.conversation_id', 'm.sender_id', 'm.content', 'm.created_at', 'm.sequence'])
    // The recipient's watermark at or past the message: read, at the time the watermark got there.
    .select(
      sql<Date | string | null>`case when m.recipient_id = c.participant1_id then (case when c.read_up_to_1 >= m.sequence then c.read_at_1 end)
        else (case when c.read_up_to_2 >= m.sequence then c.read_at_2 end) end`.as('read_at'),
    )
    .where('m.conversation_id', '=', conversationId)
    .orderBy('m.sequence', 'desc')
    .limit(options.limit + 1);
  if (options.before !== undefined) query = query.where('m.sequence', '<', Number(options.before));
  const rows = await query.execute();
  const page = rows.slice(0, options.limit);
  const messages: ChatMessage[] = page.reverse().map((r) => ({
    id: r.id,
    conversation_id: r.conversation_id,
    sender_id: r.sender_id,
    content: r.content,
    read_at: isoOrNull(r.read_at),
    created_at: toIso(r.created_at),
    sequence: Number(r.sequence),
  }));
  return { messages, next_cursor: rows.length > options.limit && messages[0] ? String(messages[0].sequence) : null };
};
