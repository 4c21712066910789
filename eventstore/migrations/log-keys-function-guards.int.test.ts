// es_log_keys by prefix (log-keys-function-guards.ts) gives the keys the regex version gave, for any stream id
// and data: both are created side by side in a PGlite and compared over generated events.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBlankPglite } from '../../test/support/blank-pglite.js';
import type { SqlDatabase } from '../sql-database.js';
import { logKeysFunctionSql, streamSubjectsByRegex } from './log-indexes.js';
import { streamSubjectsByPrefix } from './log-keys-function-guards.js';

const named = (name: string, subjects: readonly string[]) => logKeysFunctionSql(subjects).replace('function es_log_keys(', `function ${name}(`);

const prefixes = ['member-', 'ledger-', 'inbox-', 'slots-', 'ai-quota-', 'session-', 'post-', 'members-', 'inbox', 'slots', 'ai-quota', ''];
const pieces = ['', 'a', '-', 'ada', '7f3e-41', '2026-11-29T10', '2026-11-29', '-2026-11-29T', '\n', 'x-2026-01-02T03-2026-04-05T06', 'é'];
const streamId = fc
  .tuple(fc.constantFrom(...prefixes), fc.array(fc.oneof(fc.constantFrom(...pieces), fc.string()), { maxLength: 4 }))
  .map(([p, rest]) => p + rest.join(''));
const data = fc.record(
  {
    memberId: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
    studentId: fc.string(),
    participantIds: fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 3 }),
  },
  { requiredKeys: [] },
);

describe('es_log_keys by prefix', () => {
  let db: SqlDatabase<unknown>;
  beforeAll(async () => {
    db = await openBlankPglite<unknown>();
    await sql.raw(named('keys_by_regex', streamSubjectsByRegex)).execute(db.db);
    await sql.raw(named('keys_by_prefix', streamSubjectsByPrefix)).execute(db.db);
  });
  afterAll(() => db.close());

  it('gives the keys the regex version gave, for every stream id and data', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(streamId, data), { minLength: 1, maxLength: 50 }), async (events) => {
        const { rows } = await sql<{ s: string; regex: string[]; prefix: string[] }>`
          select s, keys_by_regex(s, 'T', d::jsonb, '{"actorId":"a"}') as regex, keys_by_prefix(s, 'T', d::jsonb, '{"actorId":"a"}') as prefix
          from unnest(${events.map(([s]) => s)}::text[], ${events.map(([, d]) => JSON.stringify(d))}::text[]) as x(s, d)`.execute(db.db);
        for (const row of rows) expect(row.prefix, row.s).toEqual(row.regex);
      }),
      { numRuns: 60 },
    );
  });

  it('finds the member of each kind of stream', async () => {
    const { rows } = await sql<{ keys: string[] }>`
      select keys_by_prefix(s, 'T', '{}', '{}') as keys
      from unnest(${['member-ada', 'ledger-bo', 'inbox-cy', 'slots-di-2026-11-29T10', 'ai-quota-ed-2026-11-29', 'session-1']}::text[]) as s`.execute(db.db);
    expect(rows.map((r) => r.keys.filter((k) => k.startsWith('s:')))).toEqual([['s:ada'], ['s:bo'], ['s:cy'], ['s:di'], ['s:ed'], []]);
  });
});
