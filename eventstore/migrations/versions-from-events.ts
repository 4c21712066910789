// The append functions without the `streams` table (migration 20261125T0100): a stream's version is the
// position of its last event, read from the events' (stream_id, stream_position) index under the stream's
// advisory lock, which every append takes before it reads anything. While the lock is held no other
// append can add to the stream, and in READ COMMITTED each statement of these volatile functions sees
// every append committed before it, so the version read is the stream's version; the unique index on
// (stream_id, stream_position) still refuses a duplicate position should anything slip.
//
// Why: keeping `streams` cost an upsert per stream written and a second index per stream, about a
// quarter of es_append_batch's time (replayed booking batches: 1.45-1.55 ms against 1.9-2.05 ms per
// batch of ~17 bookings, bench/notes.md). The locks are also taken in one statement instead of one
// statement per stream.
//
// The functions keep their signatures and outcomes (see append-functions-with-streams-table.ts for what each returns). Their
// bodies repeat much of the versions they replace on purpose: a migration states each version whole, so
// its `down` puts back exactly what was there and an edit here cannot change an earlier migration.
import { sql, type RawBuilder } from 'kysely';
import { STREAM_LOCK_NAMESPACE as NS, appendBatchFunction, appendManyFunction, createAppendFunction, duplicatesByIndex } from './append-functions-with-streams-table.js';
import type { NamedMigration } from './run-migrations.js';

const versionOf = (streamId: RawBuilder<unknown>) => sql`(select max(ev.stream_position) from events ev where ev.stream_id = ${streamId})`;

const appendFromEvents = sql`
create or replace function es_append(p_stream_id text, p_expected text, p_events jsonb, p_notify text default null)
returns table(status text, revision text, transaction_id text, global_position text)
language plpgsql as $fn$
#variable_conflict use_column
declare
  v_count bigint := jsonb_array_length(p_events);
  v_first uuid := (p_events->0->'metadata'->>'eventId')::uuid;
  v_had_xid boolean := pg_current_xact_id_if_assigned() is not null;
  v_version bigint;
  v_last bigint;
begin
  perform pg_advisory_xact_lock(${NS}, hashtext(p_stream_id));

  -- A retried append (its original committed, or finished while we waited for the lock).
  if exists (select 1 from events e where e.event_id = v_first) then
    return query select * from es_append_duplicate(p_stream_id, p_events);
    return;
  end if;

  v_version := ${versionOf(sql.raw('p_stream_id'))};
  if (v_version is null and p_expected not in ('no_stream', 'any'))
     or (v_version is not null and (p_expected = 'no_stream'
         or (p_expected not in ('any', 'stream_exists') and p_expected::bigint <> v_version))) then
    return query select 'conflict', v_version::text, null::text, null::text;
    return;
  end if;
  if v_had_xid and v_version is not null and pg_current_xact_id() < (
    select e.transaction_id from events e where e.stream_id = p_stream_id and e.stream_position = v_version
  ) then
    raise exception 'Stream %: a later transaction appended first; retry the transaction', p_stream_id
      using errcode = 'serialization_failure';
  end if;

  with inserted as (
    insert into events (stream_id, stream_position, event_id, type, data, metadata)
    select p_stream_id, coalesce(v_version, -1) + x.ord, (x.value->'metadata'->>'eventId')::uuid,
           x.value->>'type', x.value->'data', x.value->'metadata'
    from jsonb_array_elements(p_events) with ordinality as x(value, ord)
    order by x.ord
    returning global_position
  )
  select max(i.global_position) into v_last from inserted i;
  if p_notify is not null then
    perform pg_notify(p_notify, '');
  end if;
  return query select 'ok', (coalesce(v_version, -1) + v_count)::text, pg_current_xact_id()::text, v_last::text;
end
$fn$`;

const appendManyFromEvents = sql`
create or replace function es_append_many(p_appends jsonb)
returns table(ord bigint, status text, revision text, transaction_id text, global_position text)
set plan_cache_mode = force_generic_plan
language plpgsql as $fn$
#variable_conflict use_column
declare
  v_total int := jsonb_array_length(p_appends);
  v_duplicates int;
  v_conflicts int;
begin
  if pg_current_xact_id_if_assigned() is not null then
    raise exception 'es_append_many must run before its transaction writes anything'
      using errcode = 'invalid_transaction_state';
  end if;
  -- One statement takes every lock, in lock-key order.
  perform pg_advisory_xact_lock(${NS}, k.h)
    from (select distinct hashtext(x->>'s') as h from jsonb_array_elements(p_appends) x order by 1) k;

  select count(*) into v_duplicates from events ev
    where ev.event_id = any(array(select (x->'ev'->0->'metadata'->>'eventId')::uuid from jsonb_array_elements(p_appends) x));
  if v_duplicates > 0 then
    if v_duplicates <> v_total then
      raise exception 'es_append_many: % of % appends were already stored (event ids must be unique across all streams)',
        v_duplicates, v_total using errcode = 'unique_violation';
    end if;
    return query
      select x.ord, d.status, d.revision, d.transaction_id, d.global_position
      from jsonb_array_elements(p_appends) with ordinality as x(value, ord)
      cross join lateral es_append_duplicate(x.value->>'s', x.value->'ev') d
      order by x.ord;
    return;
  end if;

  return query
    select c.ord, 'conflict', c.v::text, null::text, null::text
    from (
      select x.ord, x.value->>'e' as e, ${versionOf(sql.raw(`x.value->>'s'`))} as v
      from jsonb_array_elements(p_appends) with ordinality as x(value, ord)
    ) c
    where case c.e
      when 'any' then false
      when 'no_stream' then c.v is not null
      when 'stream_exists' then c.v is null
      else c.v is null or c.v <> c.e::bigint
    end
    order by c.ord;
  get diagnostics v_conflicts = row_count;
  if v_conflicts > 0 then
    return;
  end if;

  return query
    with items as materialized (
      select x.ord, x.value->>'s' as s, x.value->'ev' as ev, jsonb_array_length(x.value->'ev') as n,
             ${versionOf(sql.raw(`x.value->>'s'`))} as v
      from jsonb_array_elements(p_appends) with ordinality as x(value, ord)
    ), inserted as (
      insert into events (stream_id, stream_position, event_id, type, data, metadata)
      select i.s, coalesce(i.v, -1) + e.ord, (e.value->'metadata'->>'eventId')::uuid,
             e.value->>'type', e.value->'data', e.value->'metadata'
      from items i cross join lateral jsonb_array_elements(i.ev) with ordinality as e(value, ord)
      order by i.ord, e.ord
      returning events.stream_id, events.global_position
    )
    select i.ord, 'ok', (coalesce(i.v, -1) + i.n)::text, pg_current_xact_id()::text, max(ins.global_position)::text
    from items i join inserted ins on ins.stream_id = i.s
    group by i.ord, i.v, i.n
    order by i.ord;
end
$fn$`;

const appendBatchFromEvents = sql`
create or replace function es_append_batch(p_items jsonb)
returns table(item bigint, ord bigint, status text, revision text, transaction_id text, global_position text)
set jit = off
set plan_cache_mode = force_generic_plan
language plpgsql as $fn$
#variable_conflict use_column
begin
  if pg_current_xact_id_if_assigned() is not null then
    raise exception 'es_append_batch must run before its transaction writes anything'
      using errcode = 'invalid_transaction_state';
  end if;
  perform pg_advisory_xact_lock(${NS}, k.h) from (
    select distinct hashtext(a->>'s') as h
    from jsonb_array_elements(p_items) i cross join lateral jsonb_array_elements(i) a
    order by 1
  ) k;

  return query
    with appends as materialized (
      select i.ord as item, a.ord as ord, a.value->>'s' as s, a.value->>'e' as e, a.value->'ev' as ev,
             jsonb_array_length(a.value->'ev') as n,
             ${versionOf(sql.raw(`a.value->>'s'`))} as v,
             (select true from events x where x.event_id = (a.value->'ev'->0->'metadata'->>'eventId')::uuid) is not null as dup
      from jsonb_array_elements(p_items) with ordinality as i(value, ord)
      cross join lateral jsonb_array_elements(i.value) with ordinality as a(value, ord)
    ), checked as materialized (
      select ap.*, case ap.e
        when 'any' then false
        when 'no_stream' then ap.v is not null
        when 'stream_exists' then ap.v is null
        else ap.v is null or ap.v <> ap.e::bigint
      end as conflict
      from appends ap
    ), verdicts as materialized (
      select c.item,
             case when bool_and(c.dup) filter (where c.n > 0) then 'duplicate' when bool_or(c.dup) then 'partial'
                  when bool_or(c.conflict) then 'conflict' else 'ok' end as verdict
      from checked c group by c.item
    ), to_write as materialized (
      select c.* from checked c join verdicts vd on vd.item = c.item where vd.verdict = 'ok'
    ), inserted as (
      insert into events (stream_id, stream_position, event_id, type, data, metadata)
      select w.s, coalesce(w.v, -1) + e.ord, (e.value->'metadata'->>'eventId')::uuid,
             e.value->>'type', e.value->'data', e.value->'metadata'
      from to_write w cross join lateral jsonb_array_elements(w.ev) with ordinality as e(value, ord)
      order by w.item, w.ord, e.ord
      returning events.stream_id, events.global_position
    )
    select w.item, w.ord, 'ok'::text, (coalesce(w.v, -1) + w.n)::text, pg_current_xact_id()::text, max(ins.global_position)::text
      from to_write w join inserted ins on ins.stream_id = w.s
      where w.n > 0
      group by w.item, w.ord, w.v, w.n
    union all
    select c.item, c.ord, 'conflict'::text, c.v::text, null::text, null::text
      from checked c join verdicts vd on vd.item = c.item
      where vd.verdict = 'conflict' and c.conflict
    union all
    select c.item, c.ord, 'partial'::text, null::text, null::text, null::text
      from checked c join verdicts vd on vd.item = c.item
      where vd.verdict = 'partial'
    union all
    select c.item, c.ord, d.status, d.revision, d.transaction_id, d.global_position
      from checked c join verdicts vd on vd.item = c.item
      cross join lateral es_append_duplicate(c.s, c.ev) d
      where vd.verdict = 'duplicate' and c.n > 0
    order by 1, 2;
end
$fn$`;

export const versionsFromEventsMigration: NamedMigration = {
  name: '20261125T0100-versions-from-events',
  async up(db) {
    await appendFromEvents.execute(db);
    await appendManyFromEvents.execute(db);
    await appendBatchFromEvents.execute(db);
    await sql`drop table streams`.execute(db);
  },
  async down(db) {
    await sql`create table streams (stream_id text primary key, version bigint not null)`.execute(db);
    await sql`insert into streams (stream_id, version) select stream_id, max(stream_position) from events group by stream_id`.execute(db);
    await sql`drop function es_append(text, text, jsonb, text)`.execute(db);
    await createAppendFunction.execute(db);
    await appendManyFunction(duplicatesByIndex).execute(db);
    await appendBatchFunction(true).execute(db);
    // As migration 20261124T2200 left them: create or replace dropped the settings the functions had.
    await sql`alter function es_append_batch(jsonb) set plan_cache_mode = force_generic_plan`.execute(db);
    await sql`alter function es_append_many(jsonb) set plan_cache_mode = force_generic_plan`.execute(db);
  },
};
