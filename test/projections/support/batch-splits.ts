// A projector must write the same rows whether a log reaches it in one batch, event by event, or three at a
// time (each batch is one transaction of the runtime). Applies the events all three ways, each into a
// schema of its own, so a test compares the public schema's rows with the others'.
import type { Kysely } from 'kysely';
import { migrateProjector } from '../../../projections/runtime/migrate.js';
import { inBatches } from '../../../projections/sessions/testing.js';
import type { Projector } from '../../../projections/types.js';
import type { RecordedEvent } from '../../../eventstore/types.js';
import { dumpTables } from './table-dump.js';

const SPLITS = ['by_one', 'by_three'] as const;

/** Creates the projector's tables in public and in one schema per split. */
export const migrateForBatchSplits = async (db: Kysely<any>, projector: Projector): Promise<void> => {
  await migrateProjector(db, projector, 'public');
  for (const schema of SPLITS) {
    await db.schema.createSchema(schema).execute();
    await migrateProjector(db, projector, schema);
  }
};

/** Applies `events` in one batch (public), one by one and three at a time. */
export const applyInBatchSplits = async (db: Kysely<any>, projector: Projector, events: readonly RecordedEvent[]): Promise<void> => {
  await projector.apply(db, [...events]);
  for (const event of events) await projector.apply(db.withSchema('by_one'), [event]);
  for (const batch of inBatches([...events], 3)) await projector.apply(db.withSchema('by_three'), batch);
};

/** The tables of each split, to compare with the public schema's (`dumpTables`). */
export const dumpBatchSplits = async (db: Kysely<any>, projector: Projector) => ({
  whole: await dumpTables(db, [projector]),
  byOne: await dumpTables(db.withSchema('by_one'), [projector]),
  byThree: await dumpTables(db.withSchema('by_three'), [projector]),
});
