// A read model no member waits for gathers its batches (log-follower.ts, decision 372): after a batch that did
// not fill it lets the next one gather for eventualGatherMs, so under a stream of writes it takes them in fewer,
// larger batches than an interactive read model, and still takes every one.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../eventstore/types.js';
import { defineCustomProjection, type Recorded } from '../../projections/runtime/define-projection.js';
import { silentLogger } from '../../projections/runtime/logger.js';
import { createProjectionRuntime, type ProjectionRuntime } from '../../projections/runtime/projection-runtime.js';
import { defineTable, text } from '../../projections/runtime/table.js';
import type { Projector } from '../../projections/types.js';
import { eventually, openHarness, type Harness } from './support/harness.js';
import { testTargets, type TestDatabase } from './support/test-databases.js';

const WRITES = 12;
const meta = () => ({ eventId: randomUUID(), occurredAt: new Date().toISOString(), actorId: null, correlationId: randomUUID(), causationId: null, schemaVersion: 1 });

/** A read model that notes the size of each batch it is given. */
const tally = (name: string, batches: number[], consistency?: 'eventual'): Projector =>
  defineCustomProjection({
    name,
    version: 1,
    ...(consistency && { consistency }),
    migration: `20261129T2100-create-${name}`,
    tables: { [`${name}_rows`]: defineTable({ name: `${name}_rows`, key: ['id'], columns: { id: text() }, onConflict: 'nothing' }) },
    canHandle: ['TallyCounted'],
    async apply(_ctx, events: readonly Recorded<DomainEvent>[]) {
      if (events.length > 0) batches.push(events.length);
      return [];
    },
  });

describe.each(testTargets())('a read model no member waits for, on $kind', (target) => {
  let database: TestDatabase;
  let h: Harness;
  let runtime: ProjectionRuntime;
  const interactive: number[] = [];
  const eventual: number[] = [];

  beforeAll(async () => {
    database = await target.create();
    h = await openHarness(database);
    runtime = createProjectionRuntime({
      sql: h.sql,
      store: h.store,
      projectors: [tally('tally_interactive', interactive), tally('tally_eventual', eventual, 'eventual')],
      logger: silentLogger,
      eventualGatherMs: 500,
    });
    await runtime.start();
  });

  afterAll(async () => {
    await runtime?.stop();
    await h?.close();
    await database?.destroy();
  });

  it('takes a stream of writes in fewer, larger batches than an interactive one, and every write', async () => {
    // Each write is read back by the interactive read model before the next: one batch each for it.
    for (let i = 0; i < WRITES; i++) {
      const { checkpoint } = await h.store.append(`tally-${randomUUID()}`, [{ type: 'TallyCounted', data: { i }, metadata: meta() }]);
      await runtime.waitFor(checkpoint, 5_000);
    }
    expect(interactive).toEqual(Array.from({ length: WRITES }, () => 1));
    await eventually(() => eventual.reduce((a, b) => a + b, 0) === WRITES, 10_000);
    expect(eventual.length).toBeLessThan(WRITES / 2);
    expect(Math.max(...eventual)).toBeGreaterThan(1);
  });
});
