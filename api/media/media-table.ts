// The table of media uploads. Operational state, like the sign-in sessions' table: which member asked
// for which upload and what the server's check found. A post that uses an upload copies the checked
// facts into its PostCreated event, so the event log alone still says what every post showed; a
// rebuild of the read models never touches this table.
import { sql, type Kysely } from 'kysely';
import { migrateToLatest } from '../../eventstore/migrations/run-migrations.js';

export const MEDIA_UPLOADS_TABLE = 'media_uploads';

/**
 * The visibility that marks a profile picture's upload (and the sizes made from it): an upload is used
 * only for the purpose it was asked for, so the feed's routes refuse these and the picture's routes the rest.
 */
export const PROFILE_PICTURE_VISIBILITY = 'profile-picture';

/** 'consumed': the server made other objects from it (a profile picture's sizes) and deleted it. */
export type UploadStatus = 'pending' | 'ready' | 'refused' | 'consumed';

export interface MediaUploadRow {
  id: string;
  member_id: string;
  content_type: string;
  visibility: string;
  /** The object's key in the storage (the local directory or the bucket). */
  storage_key: string;
  /** Where the object is read from, without query string. */
  url: string;
  status: UploadStatus;
  /** Filled by the check. */
  size_bytes: number | null;
  width: number | null;
  height: number | null;
  aspect_ratio: string | null;
  error: string | null;
  created_at: Date;
  expires_at: Date;
  checked_at: Date | null;
}

export interface MediaTables {
  [MEDIA_UPLOADS_TABLE]: MediaUploadRow;
}

export const migrateMediaTable = (db: Kysely<unknown>): Promise<string[]> =>
  migrateToLatest(db, {
    table: 'media_uploads_migrations',
    schema: 'public',
    migrations: [
      {
        name: '20261125T1600-create-media-uploads',
        async up(k) {
          await k.schema
            .createTable(MEDIA_UPLOADS_TABLE)
            .ifNotExists()
            .addColumn('id', 'text', (c) => c.primaryKey())
            .addColumn('member_id', 'text', (c) => c.notNull())
            .addColumn('content_type', 'text', (c) => c.notNull())
            .addColumn('visibility', 'text', (c) => c.notNull())
            .addColumn('storage_key', 'text', (c) => c.notNull())
            .addColumn('url', 'text', (c) => c.notNull())
            .addColumn('status', 'text', (c) => c.notNull())
            .addColumn('size_bytes', 'integer')
            .addColumn('width', 'integer')
            .addColumn('height', 'integer')
            .addColumn('aspect_ratio', 'text')
            .addColumn('error', 'text')
            .addColumn('created_at', 'timestamptz', (c) => c.notNull())
            .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
            .addColumn('checked_at', 'timestamptz')
            .execute();
          await sql`create index media_uploads_member on ${sql.table(MEDIA_UPLOADS_TABLE)} (member_id)`.execute(k);
        },
        async down(k) {
          await k.schema.dropTable(MEDIA_UPLOADS_TABLE).ifExists().execute();
        },
      },
    ],
  });
