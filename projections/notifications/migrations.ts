// Migrations of the notifications read model (schema-agnostic).
import type { Kysely } from 'kysely';
import type { ReadModelMigration } from '../types.js';

export const notificationsMigrations: readonly ReadModelMigration[] = [
  {
    name: '20261123T0910-create-notifications',
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('notifications')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('recipient_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('session_id', 'text')
        .addColumn('from_user_id', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('position', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('notifications_recipient_idx')
        .on('notifications')
        .columns(['recipient_id', 'created_at desc', 'position desc'])
        .execute();
      await db.schema
        .createTable('notification_reads')
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addColumn('notification_id', 'text', (c) => c.notNull())
        .addColumn('read_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('notification_reads_pk', ['member_id', 'notification_id'])
        .execute();
      await db.schema
        .createTable('notification_read_marks')
        .addColumn('member_id', 'text', (c) => c.primaryKey())
        .addColumn('up_to', 'timestamptz', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['notification_read_marks', 'notification_reads', 'notifications']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  },
];
