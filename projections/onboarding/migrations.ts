// Migrations of the onboarding read model (schema-agnostic).
import type { Kysely } from 'kysely';
import type { ReadModelMigration } from '../types.js';

export const onboardingMigrations: readonly ReadModelMigration[] = [
  {
    name: '20261123T0940-create-onboarding',
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('onboarding')
        .addColumn('member_id', 'text', (c) => c.primaryKey())
        .addColumn('has_name', 'boolean', (c) => c.notNull())
        .addColumn('has_bio', 'boolean', (c) => c.notNull())
        .addColumn('has_location', 'boolean', (c) => c.notNull())
        .addColumn('skill_ids', 'jsonb', (c) => c.notNull())
        .addColumn('availability_keys', 'jsonb', (c) => c.notNull())
        .addColumn('scheduled_session', 'boolean', (c) => c.notNull())
        .addColumn('shared_post', 'boolean', (c) => c.notNull())
        .addColumn('asked_ai', 'boolean', (c) => c.notNull())
        .addColumn('has_seen_welcome_tour', 'boolean', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('onboarding').ifExists().execute();
    },
  },
];
