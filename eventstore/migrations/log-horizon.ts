// es_log_horizon(): the bound below which readAll's log is final, for this database alone (decision 249).
//
// readAll returns only events of transactions below the oldest transaction that could still add to the
// log, so a transaction that took a lower position but commits later is never skipped. The snapshot's
// xmin is such a bound for the whole server: a transaction open in another database of it (a migration
// or a CREATE DATABASE of another test file, another app's long write, a restore) hid every later event
// of this database until it ended, and followers stalled. A transaction of another database cannot
// write this events table, so the horizon is the oldest running id of the statement's snapshot that the
// backends' status does not place in another database, or the snapshot's xmax when there is none. Only
// an id placed in another database is passed over (a transaction belongs to one backend, a backend to one
// database for its life, and datid and backend_xid are readable without privileges), so an id it cannot
// place (a prepared transaction, one that ended meanwhile) still holds the log back: never a skipped event.
//
// Reading the backends' status costs ~0.1 ms, so it happens only when the log's newest event is at or above
// the xmin (max() is one step down the primary key, whatever the plan); otherwise nothing is hidden and the
// xmin is the answer. STABLE: its statements see the calling statement's snapshot (so the bound fits the
// rows that statement reads) and it is evaluated once per scan, as the index bound. A function, with its
// plans cached per connection, rather than the same SQL inside readAll's statement, which was planned again
// on every read (3x the read's time). Backend CPU per prepared read of 50 events, 5,000 reads on a loaded
// 2-core machine: 164-202 us with the server-wide xmin, 186-238 us with this function.
import { sql } from 'kysely';
import type { NamedMigration } from './run-migrations.js';

export const logHorizonMigration: NamedMigration = {
  name: '20261128T1400-log-horizon-per-database',
  async up(db) {
    await sql`
create function es_log_horizon() returns xid8
language plpgsql stable as $fn$
declare
  v_snapshot pg_snapshot := pg_current_snapshot();
begin
  if coalesce((select max(transaction_id) from events) < pg_snapshot_xmin(v_snapshot), true) then
    return pg_snapshot_xmin(v_snapshot);
  end if;
  return coalesce(
    (select min(running) from pg_snapshot_xip(v_snapshot) as running
      where not exists (
        select from pg_stat_get_activity(null) as backend
        where backend.backend_xid = running::xid
          and backend.datid <> (select oid from pg_database where datname = current_database()))),
    pg_snapshot_xmax(v_snapshot));
end
$fn$`.execute(db);
  },
  async down(db) {
    await sql`drop function if exists es_log_horizon()`.execute(db);
  },
};
