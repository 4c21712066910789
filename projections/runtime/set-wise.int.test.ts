import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlDatabase } from '../../eventstore/sql-database.js';
import type { ReadModelsDb } from '../read-models.js';
import { testTargets, type TestDatabase } from '../../test/projections/support/test-databases.js';
import { arrayLiteral, byName, writeRows, type ColumnSpec } from './set-wise.js';

const columns: readonly ColumnSpec[] = [
  { name: 'id', type: 'text' },
  { name: 'label', type: 'text' },
  { name: 'count', type: 'int4' },
  { name: 'big', type: 'int8' },
  { name: 'flag', type: 'bool' },
  { name: 'doc', type: 'jsonb' },
  { name: 'at', type: 'timestamptz' },
];

// Values an array literal must quote or escape: quotes, backslashes, braces, commas, blanks, the word NULL.
const awkward = ['plain', 'say "hi"', 'back\\slash', '{braces}', 'a,b', '  padded  ', 'NULL', '', 'ünïcødé ✓', 'end\\', '"', '\\"'];

describe.each(testTargets())('set-wise writes on $kind', (target) => {
  let database: TestDatabase;
  let db: SqlDatabase<ReadModelsDb>;

  beforeAll(async () => {
    database = await target.create();
    db = await database.open();
    await sql`create table awkward (id text primary key, label text, count int4, big int8, flag bool, doc jsonb, at timestamptz)`.execute(db.db);
  });
  afterAll(async () => {
    await db?.close();
    await database?.destroy();
  });

  it('stores every value as given, whatever characters it holds, and nulls as null', async () => {
    const rows = awkward.map((label, i) => ({
      id: `r${i}`,
      label,
      count: i % 3 === 0 ? null : i,
      big: 9_007_199_254_740_993n,
      flag: i % 2 === 0,
      doc: { label, list: [label, null] },
      at: '2026-11-24T10:00:00.000Z',
    }));
    await writeRows(byName(db.db), 'awkward', columns, rows, { key: ['id'], onConflict: 'update' });
    const stored = (
      await sql<{
        id: string;
        label: string;
        count: number | null;
        big: string;
        flag: boolean;
        doc: unknown;
        at: Date | string;
      }>`select id, label, count, big::text as big, flag, doc, at from awkward order by id`.execute(db.db)
    ).rows;
    const byId = new Map(stored.map((r) => [r.id, r]));
    for (const row of rows) {
      const got = byId.get(row.id)!;
      expect({ label: got.label, count: got.count, big: String(got.big), flag: got.flag, doc: got.doc, at: new Date(got.at).toISOString() }).toEqual({
        label: row.label,
        count: row.count,
        big: '9007199254740993',
        flag: row.flag,
        doc: row.doc,
        at: row.at,
      });
    }
  });

  it('writes arrays as the literal the driver would: every element quoted, NULL bare', () => {
    expect(arrayLiteral(['a', null, 'say "hi"', 'back\\slash', 3, true])).toBe('{"a",NULL,"say \\"hi\\"","back\\\\slash","3","true"}');
  });
});
