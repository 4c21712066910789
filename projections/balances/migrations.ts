// Migrations of the balances read model (schema-agnostic: they run in public or a build schema).
import type { Kysely } from 'kysely';
import type { ReadModelMigration } from '../types.js';

export const balancesMigrations: readonly ReadModelMigration[] = [
  {
    name: '20261122T0910-create-balances',
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('balances')
        .addColumn('member_id', 'text', (c) => c.primaryKey())
        .addColumn('available_points', 'integer', (c) => c.notNull())
        .addColumn('held_points', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('balances').ifExists().execute();
    },
  },
];
