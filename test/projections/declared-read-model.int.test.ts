import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SqlConnection } from '../../eventstore/sql-database.js';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { memberChanged } from '../../projections/change-notices.js';
import type { MemberEvent } from '../../domain/member/events.js';
import { allProjectors } from '../../projections/all-projectors.js';
import { rebuildProjectors } from '../../projections/rebuild/rebuild-projectors.js';
import { readCheckpointRow } from '../../projections/runtime/bookkeeping.js';
import { defineProjection, type Recorded } from '../../projections/runtime/define-projection.js';
import { silentLogger } from '../../projections/runtime/logger.js';
import { columnDrift, migrateProjector } from '../../projections/runtime/migrate.js';
import { createProjectionRuntime } from '../../projections/runtime/projection-runtime.js';
import { defineTable, int4, text, type DatabaseOf } from '../../projections/runtime/table.js';
import { eventually, openHarness, type Harness } from './support/harness.js';
import { testTargets, type TestDatabase } from './support/test-databases.js';

// A read model a feature would add, declared in one place: its table (three columns, each once),
// the events it handles, the rows an event reads, and how an event evolves them.
const bioTable = defineTable({ name: 'member_bios', key: ['member_id'], columns: { member_id: text(), bio: text(), changes: int4() } });
type BiosDb = DatabaseOf<{ member_bios: typeof bioTable }>;

const biosProjection = defineProjection({
  name: 'member-bios',
  version: 1,
  migration: '20261125T1000-create-member-bios',
  tables: { member_bios: bioTable },
  canHandle: ['ProfileDetailsChanged'],
  reads: (event: Recorded<MemberEvent>) => ({ member_bios: event.data.memberId }),
  evolve(rows, event) {
    if (event.type !== 'ProfileDetailsChanged' || event.data.bio === undefined) return;
    const { memberId, bio } = event.data;
    rows.member_bios.put({ member_id: memberId, bio, changes: (rows.member_bios.get(memberId)?.changes ?? 0) + 1 });
    return [memberChanged(memberId)];
  },
});

/** A query of the new read model: typed by its declaration. */
const bioOf = (db: Kysely<BiosDb>, memberId: string) => db.selectFrom('member_bios').select(['bio', 'changes']).where('member_id', '=', memberId).executeTakeFirst();
// The test's own read model, outside ReadModelsDb: its tables viewed through their declared types.
const biosOf = (sql: SqlConnection) => sql.handle as Kysely<BiosDb>;

const bioChanged = (memberId: string, bio: string) => {
  const event: MemberEvent = { type: 'ProfileDetailsChanged', data: { memberId, bio } };
  return {
    ...event,
    metadata: { eventId: randomUUID(), occurredAt: '2026-03-01T12:00:00.000Z', actorId: memberId, correlationId: randomUUID(), causationId: null, schemaVersion: 1 },
  };
};

describe.each(testTargets())('a read model declared in one place, on $kind', (target) => {
  let database: TestDatabase;
  let h: Harness;

  beforeAll(async () => {
    database = await target.create();
    h = await openHarness(database);
  });
  afterAll(async () => {
    await h?.close();
    await database?.destroy();
  });

  it('is rebuilt from the log, caught up live by the runtime, and queried with typed rows', async () => {
    await h.store.append('member-ann', [bioChanged('ann', 'Chess'), bioChanged('ann', 'Chess and Go')]);
    await h.store.append('member-bob', [bioChanged('bob', 'Knitting')]);

    const [outcome] = await rebuildProjectors({ sql: h.sql, store: h.store, projectors: [biosProjection] });
    expect(outcome).toMatchObject({ projector: 'member-bios', status: 'swapped', events: 3 });
    const rebuilt = await bioOf(biosOf(h.sql), 'ann');
    expectTypeOf(rebuilt).toEqualTypeOf<{ bio: string; changes: number } | undefined>();
    expect(rebuilt).toEqual({ bio: 'Chess and Go', changes: 2 });
    // The table the migration made has exactly the declared columns.
    expect(await columnDrift(h.sql.db, 'public', biosProjection)).toEqual([]);

    const runtime = createProjectionRuntime({ sql: h.sql, store: h.store, projectors: [biosProjection], logger: silentLogger, pollIntervalMs: 60_000 });
    await runtime.start();
    try {
      const { checkpoint } = await h.store.append('member-bob', [bioChanged('bob', 'Knitting and weaving')]);
      await runtime.waitFor(checkpoint, 10_000);
      expect(await bioOf(biosOf(h.sql), 'bob')).toEqual({ bio: 'Knitting and weaving', changes: 2 });
      expect(await bioOf(biosOf(h.sql), 'ann')).toEqual({ bio: 'Chess and Go', changes: 2 });
      await eventually(async () => (await readCheckpointRow(h.sql.db, 'member-bios'))?.checkpoint === checkpoint);
    } finally {
      await runtime.stop();
    }
  });

  it('stops a read model whose declared columns no longer match its tables at the same version', async () => {
    const changed = defineProjection({
      name: 'member-bios',
      version: 1,
      migration: '20261125T1000-create-member-bios',
      tables: { member_bios: defineTable({ name: 'member_bios', key: ['member_id'], columns: { member_id: text(), bio: text(), changes: int4(), mood: text() } }) },
      canHandle: ['ProfileDetailsChanged'],
      evolve: () => {},
    });
    const errors: string[] = [];
    const logger = { ...silentLogger, error: (obj: object) => void errors.push(String((obj as { err?: Error }).err?.message)) };
    const runtime = createProjectionRuntime({ sql: h.sql, store: h.store, projectors: [changed], logger });
    await runtime.start();
    try {
      await eventually(async () => (await runtime.status())[0]?.status === 'failed');
      expect(errors.join('\n')).toMatch(/member-bios changed its columns without a new version: member_bios: declared \(.*mood text not null\)/);
    } finally {
      await runtime.stop();
    }
  });

  it('finds every read model of the app migrated to exactly its declared columns', async () => {
    for (const projector of allProjectors) {
      const schema = `declared_${projector.name.replace(/-/g, '_')}`;
      await h.sql.db.schema.createSchema(schema).execute();
      await migrateProjector(h.sql.db, projector, schema);
      expect(Object.keys(projector.columns ?? {})).toEqual([...projector.tables]);
      expect(await columnDrift(h.sql.db, schema, projector)).toEqual([]);
    }
  });
});
