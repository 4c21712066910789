// Migrations of the members read model. They run against a schema-bound Kysely (public, or a
// rebuild's build schema), so they never name a schema.
import type { Kysely } from 'kysely';
import type { ReadModelMigration } from '../types.js';

export const membersMigrations: readonly ReadModelMigration[] = [
  {
    name: '20261122T0900-create-members',
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('members')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_normalized', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('profile_image_url', 'text')
        .addColumn('skills_to_teach', 'jsonb', (c) => c.notNull())
        .addColumn('skills_to_learn', 'jsonb', (c) => c.notNull())
        .addColumn('availability', 'jsonb', (c) => c.notNull())
        .addColumn('joined_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      // Not unique: the read model mirrors events, and uniqueness of e-mails is the domain's job.
      await db.schema.createIndex('members_email_normalized_idx').on('members').column('email_normalized').execute();
      await db.schema.createIndex('members_joined_at_idx').on('members').columns(['joined_at', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('members').ifExists().execute();
    },
  },
];
