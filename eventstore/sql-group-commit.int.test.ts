// Group commit on the SQL stores (coalescer.ts, es_append_batch): concurrent appendMany calls share one
// transaction, and whatever one of them gets wrong stays its own. The adapter-neutral behaviour (each
// call decided on its own) is in the conformance suite; this is what only the SQL stores promise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, newEvent } from '../test/conformance/conformance-helpers.js';
import { createTempDatabase, testPostgresUrl, type TempDatabase } from '../test/conformance/temp-database.js';
import { notRun, POSTGRES_ONLY_REASON } from '../test/support/not-run.js';
import { parseSqlCheckpoint } from './sql-checkpoints.js';
import { openSqlDatabase, type SqlDatabase } from './sql-database.js';
import { createSqlEventStore } from './sql-event-store.js';
import { WrongExpectedVersionError, type EventStore } from './types.js';
import { openBlankPglite } from '../test/support/blank-pglite.js';

const transactionOf = (checkpoint: string) => parseSqlCheckpoint(checkpoint).transactionId;

function groupCommitCases(name: string, open: () => Promise<SqlDatabase<unknown>>) {
  describe(`group commit on ${name}`, () => {
    let db: SqlDatabase<unknown>;
    let store: EventStore;
    let n = 0;
    const stream = (label: string) => `${label}-${name}-${++n}`;
    beforeAll(async () => {
      db = await open();
      store = await createSqlEventStore(db);
    });
    afterAll(async () => {
      await store?.close();
      await db?.close();
    });

    it('writes multi-stream appends made at the same moment in one transaction', async () => {
      const calls = Array.from({ length: 5 }, (_, i) =>
        store.appendMany([
          { streamId: stream(`together-a${i}`), events: events(1), expectedRevision: 'no_stream' },
          { streamId: stream(`together-b${i}`), events: events(2), expectedRevision: 'no_stream' },
        ]),
      );
      const results = await Promise.all(calls);
      const transactions = new Set(results.flat().map((r) => transactionOf(r.checkpoint)));
      expect(transactions.size).toBe(1);
      // Positions still tell the calls' events apart and each stream's revision is its own.
      expect(new Set(results.flat().map((r) => r.checkpoint)).size).toBe(10);
      expect(results.map((r) => r.map((x) => x.nextExpectedRevision))).toEqual(Array.from({ length: 5 }, () => [0n, 1n]));
    });

    it('refuses a call whose appends were partly stored before, and writes the others sent with it', async () => {
      const [kept, other, fresh] = [stream('partial-kept'), stream('partial-other'), stream('partial-fresh')];
      const keptEvents = events(1);
      await store.append(kept, keptEvents, { expectedRevision: 'no_stream' });
      const [partial, ok] = await Promise.allSettled([
        store.appendMany([
          { streamId: kept, events: keptEvents, expectedRevision: 'any' },
          { streamId: other, events: events(1), expectedRevision: 'no_stream' },
        ]),
        store.appendMany([{ streamId: fresh, events: events(1), expectedRevision: 'no_stream' }]),
      ]);
      expect(partial.status === 'rejected' && (partial.reason as { code?: string }).code).toBe('23505');
      expect(ok.status).toBe('fulfilled');
      const read = await store.readStreams([kept, other, fresh]);
      expect([kept, other, fresh].map((id) => read.get(id)!.length)).toEqual([1, 0, 1]);
    });

    it('writes an append whose unchanged streams stand where the caller saw them, and writes nothing to them', async () => {
      const [profile, written] = [stream('unchanged-profile'), stream('unchanged-written')];
      await store.append(profile, events(2), { expectedRevision: 'no_stream' });
      const [result] = await store.appendMany([{ streamId: written, events: events(1), expectedRevision: 'no_stream' }], {
        unchanged: [{ streamId: profile, revision: 1n }],
      });
      expect(result!.nextExpectedRevision).toBe(0n);
      const read = await store.readStreams([profile, written]);
      expect([profile, written].map((id) => read.get(id)!.length)).toEqual([2, 1]);
    });

    it('refuses an append whose unchanged stream moved, naming it, and still writes the calls sent with it', async () => {
      const [profile, refused, other] = [stream('moved-profile'), stream('moved-refused'), stream('moved-other')];
      await store.append(profile, events(1), { expectedRevision: 'no_stream' });
      await store.append(profile, events(1), { expectedRevision: 0n }); // moved on to revision 1
      const outcomes = await Promise.allSettled([
        store.appendMany([{ streamId: refused, events: events(1), expectedRevision: 'no_stream' }], { unchanged: [{ streamId: profile, revision: 0n }] }),
        store.appendMany([{ streamId: other, events: events(1), expectedRevision: 'no_stream' }], { unchanged: [{ streamId: profile, revision: 1n }] }),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled']);
      const refusal = (outcomes[0] as PromiseRejectedResult).reason as WrongExpectedVersionError;
      expect(refusal).toBeInstanceOf(WrongExpectedVersionError);
      expect([refusal.streamId, refusal.expected, refusal.actual]).toEqual([profile, 0n, 1n]);
      const read = await store.readStreams([profile, refused, other]);
      expect([profile, refused, other].map((id) => read.get(id)!.length)).toEqual([2, 0, 1]);
      // Alone (no batch around it) the check holds as well.
      await expect(
        store.appendMany([{ streamId: refused, events: events(1), expectedRevision: 'no_stream' }], { unchanged: [{ streamId: stream('never-written'), revision: 0n }] }),
      ).rejects.toMatchObject({ name: 'WrongExpectedVersionError', actual: 'no_stream' });
    });

    it('refuses unchanged streams that are also written, or named twice', async () => {
      const s = stream('both');
      await expect(store.appendMany([{ streamId: s, events: events(1) }], { unchanged: [{ streamId: s, revision: 0n }] })).rejects.toThrow(/both writes and checks/);
      await expect(
        store.appendMany([{ streamId: stream('twice-w'), events: events(1) }], {
          unchanged: [
            { streamId: s, revision: 0n },
            { streamId: s, revision: 0n },
          ],
        }),
      ).rejects.toThrow(/checks stream .* twice/);
    });

    it('sends the calls again one by one when the database refuses their batch, so only the call at fault fails', async () => {
      const taken = newEvent('Taken');
      await store.append(stream('owner'), [taken], { expectedRevision: 'no_stream' });
      const [clashing, before, after] = [stream('clash'), stream('innocent-before'), stream('innocent-after')];
      // The clash is not the first event of its append, so it passes the duplicate check and fails the
      // INSERT (event ids are unique across the log): the whole batch statement is refused.
      const outcomes = await Promise.allSettled([
        store.appendMany([{ streamId: before, events: events(1), expectedRevision: 'no_stream' }]),
        store.appendMany([{ streamId: clashing, events: [newEvent('Fine'), taken], expectedRevision: 'no_stream' }]),
        store.appendMany([{ streamId: after, events: events(2), expectedRevision: 'no_stream' }]),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(((outcomes[1] as PromiseRejectedResult).reason as { code?: string }).code).toBe('23505');
      const read = await store.readStreams([before, clashing, after]);
      expect([before, clashing, after].map((id) => read.get(id)!.length)).toEqual([1, 0, 2]);
    });
  });
}

groupCommitCases('pglite', () => openBlankPglite());

const serverUrl = testPostgresUrl();
if (serverUrl) {
  let temp: TempDatabase;
  beforeAll(async () => {
    temp = await createTempDatabase(serverUrl, 'es_group');
  });
  afterAll(async () => {
    await temp?.drop();
  });
  groupCommitCases('postgres', () => openSqlDatabase({ url: temp.url }));
} else {
  notRun('group commit on postgres', POSTGRES_ONLY_REASON);
}
