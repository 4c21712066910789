// Migrations of the member-stats read model (schema-agnostic).
import type { Kysely } from 'kysely';
import type { ReadModelMigration } from '../types.js';

export const memberStatsMigrations: readonly ReadModelMigration[] = [
  {
    name: '20261123T0920-create-member-stats',
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('completed_sessions')
        .addColumn('session_id', 'text', (c) => c.primaryKey())
        .addColumn('student_id', 'text', (c) => c.notNull())
        .addColumn('instructor_id', 'text', (c) => c.notNull())
        .addColumn('skill_id', 'text', (c) => c.notNull())
        .addColumn('skill_name', 'text', (c) => c.notNull())
        .addColumn('experience_level', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
        .addColumn('duration_minutes', 'integer', (c) => c.notNull())
        .addColumn('cost', 'integer', (c) => c.notNull())
        .addColumn('completed_at', 'timestamptz', (c) => c.notNull())
        .addColumn('completed_day', 'text', (c) => c.notNull())
        .addColumn('rating', 'integer')
        .addColumn('review', 'text')
        .addColumn('rated_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('completed_sessions_student_idx').on('completed_sessions').column('student_id').execute();
      await db.schema.createIndex('completed_sessions_instructor_idx').on('completed_sessions').columns(['instructor_id', 'rated_at']).execute();
      await db.schema
        .createTable('member_stats')
        .addColumn('member_id', 'text', (c) => c.primaryKey())
        .addColumn('completed_swaps', 'integer', (c) => c.notNull())
        .addColumn('review_count', 'integer', (c) => c.notNull())
        .addColumn('rating_sum', 'integer', (c) => c.notNull())
        .addColumn('last_completed_day', 'text')
        .addColumn('streak_days', 'integer', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['member_stats', 'completed_sessions']) await db.schema.dropTable(table).ifExists().execute();
    },
  },
];
