// Migrations of the skill-likes read model (schema-agnostic).
import type { Kysely } from 'kysely';
import type { ReadModelMigration } from '../types.js';

export const skillLikesMigrations: readonly ReadModelMigration[] = [
  {
    name: '20261123T0930-create-skill-likes',
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('skill_likes')
        .addColumn('skill_id', 'text', (c) => c.notNull())
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'text', (c) => c.notNull())
        .addColumn('liked_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('skill_likes_pk', ['skill_id', 'member_id'])
        .execute();
      await db.schema.createIndex('skill_likes_owner_idx').on('skill_likes').column('owner_id').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('skill_likes').ifExists().execute();
    },
  },
];
