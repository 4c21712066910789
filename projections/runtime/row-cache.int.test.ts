// The row cache through the runtime's commit path (decision 378), with the onboarding projector, the one
// that keeps rows: a kept row is not read again while the checkpoint it was kept at holds, and it is
// forgotten when the checkpoint row moved under the follower or a batch failed.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SqlDatabase } from '../../eventstore/sql-database.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { reset } from '../../test/projections/support/batch-commits.js';
import { testTargets, type TestDatabase } from '../../test/projections/support/test-databases.js';
import { onboardingProjector } from '../onboarding/projector.js';
import type { ReadModelsDb } from '../read-models.js';
import { createStory } from '../sessions/testing.js';
import { ensureRuntimeTables, insertCheckpointRow, writeCheckpoint } from './bookkeeping.js';
import { commitBatch } from './commit-batch.js';
import { CheckpointMovedError } from './errors.js';
import { migrateProjector } from './migrate.js';
import { RowCache } from './row-cache.js';
import { byName } from './set-wise.js';

const AT = '2026-02-01T08:00:00.000Z';
const projector = onboardingProjector;

// Mia registers (batch 1); then an event of another stream stands between (the place a checkpoint can move
// to); then Mia writes a bio (batch 2), which rewrites her whole row from the row the batch starts with.
const story = createStory();
story.register('mia', 'Mia Mentor', AT);
story.register('sam', 'Sam Student', AT);
story.member('mia', { type: 'ProfileDetailsChanged', data: { memberId: 'mia', bio: 'I teach React' } }, AT);
// The member events only (registering also grants points, on the ledger), as the follower hands them over.
const [miaRegistered, samRegistered, miaBio] = story.events.filter((event) => event.streamId.startsWith('member-')) as [RecordedEvent, RecordedEvent, RecordedEvent];

describe.each(testTargets())('the row cache on $kind', (target) => {
  let database: TestDatabase;
  let connection: SqlDatabase<ReadModelsDb>;
  const db = (): Kysely<ReadModelsDb> => connection.db;
  const commit = (events: RecordedEvent[], from: string | null, cache: RowCache) =>
    commitBatch(byName(db()), projector, events, { name: projector.name, version: projector.version, from, to: events.at(-1)!.checkpoint }, () => false, cache);
  // Another writer's change to the table that the follower does not know of.
  const forgetMiasName = () => sql`update onboarding set has_name = false where member_id = 'mia'`.execute(db());
  const mia = async () => await db().selectFrom('onboarding').select(['has_name', 'has_bio']).where('member_id', '=', 'mia').executeTakeFirstOrThrow();

  beforeAll(async () => {
    database = await target.create();
    connection = await database.open();
    await ensureRuntimeTables(connection.handle);
    await migrateProjector(connection.db, projector, 'public');
    await insertCheckpointRow(connection.db, projector.name, projector.version);
  });
  afterAll(async () => {
    await connection?.close();
    await database?.destroy();
  });
  beforeEach(() => reset(db(), projector));

  it('starts a batch from the rows it kept, without reading them again, while the checkpoint they were kept at holds', async () => {
    const cache = new RowCache();
    await commit([miaRegistered, samRegistered], null, cache);
    await forgetMiasName();
    await commit([miaBio], samRegistered.checkpoint, cache);
    // The bio's batch began from the kept row (name ticked) and wrote it whole.
    expect(await mia()).toEqual({ has_name: true, has_bio: true });
  });

  it('reads the rows again when the checkpoint row moved under it (a rebuild swapped its tables in)', async () => {
    const cache = new RowCache();
    await commit([miaRegistered], null, cache);
    await forgetMiasName();
    await writeCheckpoint(db(), projector.name, samRegistered.checkpoint);
    await commit([miaBio], samRegistered.checkpoint, cache);
    expect(await mia()).toEqual({ has_name: false, has_bio: true });
  });

  it('forgets the rows a batch read when the batch does not commit', async () => {
    const cache = new RowCache();
    await commit([miaRegistered, samRegistered], null, cache);
    expect(cache.size('onboarding')).toBe(2);
    // The follower believes the row is still at the start: the batch is refused, and what it read is dropped.
    await expect(commit([miaBio], null, cache)).rejects.toBeInstanceOf(CheckpointMovedError);
    expect(cache.size('onboarding')).toBe(0);
  });
});
