// es_log_keys without a regular expression on most events (decision 371). The three subjects of the stream
// id were three regex substrings per event, about 5.5 of its 7.5 us (20,000 booking events: 111 ms of 150),
// paid by the log-keys indexer on every event and by readLog on the tail after its watermark. Now a
// member's, ledger's or inbox's stream is cut by its prefix, and the two regexes that remain run only on
// the streams their prefix names (slots, AI quotas). The keys are the same for every stream id and data:
// `log-keys-function-guards.int.test.ts` compares both versions over generated ids. No index is built on the
// function any more (the keys are stored by the indexer, log-keys-table.ts), so replacing it rebuilds nothing.
import { sql } from 'kysely';
import { logKeysFunctionSql, streamSubjectsByRegex } from './log-indexes.js';
import type { NamedMigration } from './run-migrations.js';

const [, slots, aiQuota] = streamSubjectsByRegex;

/** The stream id's subjects, each computed only where the stream's prefix can give one. */
export const streamSubjectsByPrefix = [
  // `.+$` took the rest of the id after the prefix, newlines included; an empty rest is null either way.
  `case when starts_with(p_stream_id, 'member-') or starts_with(p_stream_id, 'ledger-') then substr(p_stream_id, 8)
        when starts_with(p_stream_id, 'inbox-') then substr(p_stream_id, 7) end`,
  `case when starts_with(p_stream_id, 'slots-') then ${slots} end`,
  `case when starts_with(p_stream_id, 'ai-quota-') then ${aiQuota} end`,
];

export const logKeysFunctionGuardsMigration: NamedMigration = {
  name: '20261129T2000-log-keys-function-guards',
  async up(db) {
    await sql.raw(logKeysFunctionSql(streamSubjectsByPrefix, 'create or replace')).execute(db);
  },
  async down(db) {
    await sql.raw(logKeysFunctionSql(streamSubjectsByRegex, 'create or replace')).execute(db);
  },
};
