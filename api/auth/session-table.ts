// The table of server-side sign-in sessions. Operational state, not a read model: no event says who is
// signed in, so a rebuild (which replaces only the projectors' tables) never touches it, and its
// migrations keep their own bookkeeping table beside the event store's and the read models'.
import { sql, type Kysely } from 'kysely';
import { migrateToLatest } from '../../eventstore/migrations/run-migrations.js';

export const SESSIONS_TABLE = 'sign_in_sessions';

export interface SessionRow {
  /** SHA-256 of the cookie's random id: a copy of the table signs nobody in. */
  id: string;
  member_id: string;
  email: string;
  email_verified: boolean;
  created_at: Date;
  last_seen_at: Date;
  revoked_at: Date | null;
}

export interface SessionTables {
  [SESSIONS_TABLE]: SessionRow;
}

export const migrateSessionTable = (db: Kysely<unknown>): Promise<string[]> =>
  migrateToLatest(db, {
    table: 'sign_in_sessions_migrations',
    schema: 'public',
    migrations: [
      {
        name: '20261125T1400-create-sign-in-sessions',
        async up(k) {
          await k.schema
            .createTable(SESSIONS_TABLE)
            .addColumn('id', 'text', (c) => c.primaryKey())
            .addColumn('member_id', 'text', (c) => c.notNull())
            .addColumn('email', 'text', (c) => c.notNull())
            .addColumn('email_verified', 'boolean', (c) => c.notNull())
            .addColumn('created_at', 'timestamptz', (c) => c.notNull())
            .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
            .addColumn('revoked_at', 'timestamptz')
            .execute();
          // "Sign out everywhere" finds a member's live sessions by this index.
          await sql`create index sign_in_sessions_member on ${sql.table(SESSIONS_TABLE)} (member_id) where revoked_at is null`.execute(k);
        },
        async down(k) {
          await k.schema.dropTable(SESSIONS_TABLE).ifExists().execute();
        },
      },
    ],
  });
