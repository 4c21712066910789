// Migrations of the ledger-transactions read model (schema-agnostic).
import type { Kysely } from 'kysely';
import type { ReadModelMigration } from '../types.js';

export const ledgerTransactionsMigrations: readonly ReadModelMigration[] = [
  {
    name: '20261122T0920-create-ledger-transactions',
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('ledger_transactions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('swap_id', 'text')
        .addColumn('position', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ledger_transactions_member_idx')
        .on('ledger_transactions')
        .columns(['member_id', 'created_at desc', 'position desc'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('ledger_transactions').ifExists().execute();
    },
  },
];
