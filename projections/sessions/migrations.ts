// Migrations of the sessions read model (schema-agnostic: they run in public or a build schema).
import type { Kysely } from 'kysely';
import type { ReadModelMigration } from '../types.js';

export const sessionsMigrations: readonly ReadModelMigration[] = [
  {
    name: '20261123T0900-create-sessions',
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('student_id', 'text', (c) => c.notNull())
        .addColumn('instructor_id', 'text', (c) => c.notNull())
        .addColumn('skill_id', 'text', (c) => c.notNull())
        .addColumn('skill_name', 'text', (c) => c.notNull())
        .addColumn('experience_level', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
        .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
        .addColumn('duration_minutes', 'integer', (c) => c.notNull())
        .addColumn('cost', 'integer', (c) => c.notNull())
        .addColumn('points_per_hour', 'integer')
        .addColumn('hold_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('student_message', 'text', (c) => c.notNull())
        .addColumn('video_call_link', 'text')
        .addColumn('student_rating', 'integer')
        .addColumn('student_review', 'text')
        .addColumn('rated_at', 'timestamptz')
        .addColumn('status_reason', 'text')
        .addColumn('status_changed_by', 'text')
        .addColumn('pending_modification_id', 'text')
        .addColumn('modification_approved_by', 'text')
        .addColumn('modification_approved_at', 'timestamptz')
        .addColumn('completed_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      // Dashboards look a member up on either side; the scheduler scans by status and time.
      await db.schema.createIndex('sessions_student_idx').on('sessions').columns(['student_id', 'status']).execute();
      await db.schema.createIndex('sessions_instructor_idx').on('sessions').columns(['instructor_id', 'status']).execute();
      await db.schema.createIndex('sessions_status_starts_idx').on('sessions').columns(['status', 'starts_at']).execute();
      await db.schema.createIndex('sessions_status_ends_idx').on('sessions').columns(['status', 'ends_at']).execute();

      await db.schema
        .createTable('session_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('sender_id', 'text')
        .addColumn('is_system_message', 'boolean', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('position', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('session_messages_session_idx').on('session_messages').columns(['session_id', 'created_at', 'position']).execute();

      await db.schema
        .createTable('session_modifications')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('proposed_by', 'text', (c) => c.notNull())
        .addColumn('proposed_starts_at', 'timestamptz', (c) => c.notNull())
        .addColumn('previous_starts_at', 'timestamptz', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('resolved_by', 'text')
        .addColumn('resolved_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('session_modifications_session_idx').on('session_modifications').columns(['session_id', 'created_at']).execute();

      await db.schema
        .createTable('session_holds')
        .addColumn('hold_id', 'text', (c) => c.primaryKey())
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('session_holds_session_idx').on('session_holds').column('session_id').execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['session_holds', 'session_modifications', 'session_messages', 'sessions']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  },
];
