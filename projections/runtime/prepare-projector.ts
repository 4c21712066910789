// What a projector needs before it can follow the log: its live tables migrated, or a rebuild when
// its version changed or its tables are gone.
import type { Kysely } from 'kysely';
import type { Projector } from '../types.js';
import { insertCheckpointRow, markRunning, readCheckpointRow, type ProjectorFailure } from './bookkeeping.js';
import { columnDrift, migrateProjector, missingTables } from './migrate.js';

export interface Preparation {
  needsRebuild: boolean;
  /** The failure recorded by an earlier run, shown until the projector gets past it. */
  failure: ProjectorFailure | null;
}

export const prepareProjector = async <DB>(db: Kysely<DB>, projector: Projector): Promise<Preparation> => {
  const row = await readCheckpointRow(db, projector.name);
  const missing = await missingTables(db, 'public', projector.tables);
  if (!row) {
    // Tables without bookkeeping cannot be trusted to match any checkpoint: build them afresh.
    if (missing.length < projector.tables.length) return { needsRebuild: true, failure: null };
    await migrateProjector(db, projector, 'public');
    await insertCheckpointRow(db, projector.name, projector.version);
    return { needsRebuild: false, failure: null };
  }
  if (row.version !== projector.version || missing.length > 0) return { needsRebuild: true, failure: row.failure };
  await migrateProjector(db, projector, 'public');
  // The tables stay as the migration made them; a declaration that changed since needs a new version.
  const drift = await columnDrift(db, 'public', projector);
  if (drift.length > 0) throw new Error(`Read model ${projector.name} changed its columns without a new version: ${drift.join('; ')}`);
  // A restarted runtime tries a failed projector again: the fix may have shipped with this start.
  if (row.status === 'failed') await markRunning(db, projector.name);
  return { needsRebuild: false, failure: row.failure };
};
