// The append functions of the event store as they were until migration 20261125T0100, which reads
// stream versions from the events instead of a `streams` table (versions-from-events.ts). The migrations
// that created them (event-tables.ts) and the `down` of 20261125T0100 build them from these texts, so
// they stay as they were written.
import { sql } from 'kysely';

/** First key of the per-stream advisory locks ('es' in ASCII), so other advisory locks never collide. */
export const STREAM_LOCK_NAMESPACE = sql.lit(0x6573);

// One call per append. The stream is locked with a transaction-scoped advisory lock *before* the
// transaction writes anything, i.e. before PostgreSQL gives it a transaction id. So appends to one
// stream get increasing transaction ids in stream order, and the global order (transaction_id,
// global_position) is consistent with every stream's order. A row lock would not do: taking it
// assigns the id first, and waiters released together can then take the lock in another order.
// An append inside a transaction that already has an id (appendWithin after other writes) cannot
// be ordered that way; it fails with serialization_failure (40001) when it would land behind a
// later transaction's event in the same stream, and the caller retries the whole transaction.
//
// Outcomes are returned rather than raised, so a conflict costs no error handling and reads the
// same on pg and PGlite:
//   ok        -> revision = last stream position; transaction_id/global_position of the last event
//   duplicate -> the events are already in this stream: the original append's result
//   conflict  -> revision = actual version (null when the stream does not exist)
export const createAppendFunction = sql`
create function es_append(p_stream_id text, p_expected text, p_events jsonb, p_notify text default null)
returns table(status text, revision text, transaction_id text, global_position text)
language plpgsql as $fn$
#variable_conflict use_column
declare
  v_count bigint := jsonb_array_length(p_events);
  v_first uuid := (p_events->0->'metadata'->>'eventId')::uuid;
  v_had_xid boolean := pg_current_xact_id_if_assigned() is not null;
  v_version bigint;
  v_updated boolean := false;
  v_last bigint;
begin
  perform pg_advisory_xact_lock(${STREAM_LOCK_NAMESPACE}, hashtext(p_stream_id));

  -- A retried append (its original committed, or finished while we waited for the lock).
  if exists (select 1 from events e where e.event_id = v_first) then
    return query select * from es_append_duplicate(p_stream_id, p_events);
    return;
  end if;

  -- Fast path, an existing stream in a transaction without an id yet: one UPDATE checks the
  -- expected revision and moves the version.
  if p_expected <> 'no_stream' and not v_had_xid then
    update streams s set version = s.version + v_count
      where s.stream_id = p_stream_id and (p_expected in ('any', 'stream_exists') or s.version = p_expected::bigint)
      returning s.version - v_count into v_version;
    v_updated := found;
  end if;

  if not v_updated then
    select s.version into v_version from streams s where s.stream_id = p_stream_id;
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
    if v_version is null then
      insert into streams (stream_id, version) values (p_stream_id, v_count - 1);
    else
      update streams s set version = v_version + v_count where s.stream_id = p_stream_id;
    end if;
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

export const createDuplicateFunction = sql`
create function es_append_duplicate(p_stream_id text, p_events jsonb)
returns table(status text, revision text, transaction_id text, global_position text)
language plpgsql as $fn$
#variable_conflict use_column
declare
  v_count bigint := jsonb_array_length(p_events);
  v_found bigint;
begin
  select count(*) into v_found from events e
    where e.stream_id = p_stream_id
      and e.event_id in (select (x->'metadata'->>'eventId')::uuid from jsonb_array_elements(p_events) x);
  if v_found <> v_count then
    raise exception 'Stream %: % of % events were already appended (event ids must be unique across all streams)',
      p_stream_id, v_found, v_count using errcode = 'unique_violation';
  end if;
  return query
    select 'duplicate', e.stream_position::text, e.transaction_id::text, e.global_position::text
    from events e
    where e.stream_id = p_stream_id
      and e.event_id in (select (x->'metadata'->>'eventId')::uuid from jsonb_array_elements(p_events) x)
    order by e.stream_position desc limit 1;
end
$fn$`;

// Several streams in one transaction (EventStore.appendMany), all or nothing. Every stream's lock is
// taken before anything is written, for the reason es_append gives, and in one global order (by lock
// key) so two multi-stream appends never wait for each other in a cycle. Then every expectation is
// checked; a conflict returns before any write, so nothing needs rolling back. The checks and the
// writes are set-based (a handful of statements whatever the number of streams): this is the hot
// path of a booking. Rows per append, by its 1-based `ord`: all 'ok', all 'duplicate' (a retry of an
// append that was stored whole), or the 'conflict' rows alone.
// How the function finds out whether the appends were already stored (a retried call). The first
// version asked per element with EXISTS; the planner may turn that into a hash semi-join over the whole
// events table, and did under load (about 6 ms a call, growing with the log). The second collects the
// first event ids into an array and asks the event_id index once.
export const duplicatesByExists = sql`
  select count(*) into v_duplicates from jsonb_array_elements(p_appends) x
    where exists (select 1 from events ev where ev.event_id = (x->'ev'->0->'metadata'->>'eventId')::uuid);`;
export const duplicatesByIndex = sql`
  select count(*) into v_duplicates from events ev
    where ev.event_id = any(array(select (x->'ev'->0->'metadata'->>'eventId')::uuid from jsonb_array_elements(p_appends) x));`;

export const appendManyFunction = (countDuplicates: typeof duplicatesByIndex) => sql`
create or replace function es_append_many(p_appends jsonb)
returns table(ord bigint, status text, revision text, transaction_id text, global_position text)
language plpgsql as $fn$
#variable_conflict use_column
declare
  v_key record;
  v_total int := jsonb_array_length(p_appends);
  v_duplicates int;
  v_conflicts int;
begin
  if pg_current_xact_id_if_assigned() is not null then
    raise exception 'es_append_many must run before its transaction writes anything'
      using errcode = 'invalid_transaction_state';
  end if;
  for v_key in
    select distinct hashtext(x->>'s') as h from jsonb_array_elements(p_appends) x order by 1
  loop
    perform pg_advisory_xact_lock(${STREAM_LOCK_NAMESPACE}, v_key.h);
  end loop;

${countDuplicates}
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
      select x.ord, x.value->>'e' as e, (select st.version from streams st where st.stream_id = x.value->>'s') as v
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
    with items as (
      -- Scalar look-ups, not a join: the planner cannot know the array is short and would scan streams.
      select x.ord, x.value->>'s' as s, x.value->'ev' as ev, jsonb_array_length(x.value->'ev') as n,
             (select st.version from streams st where st.stream_id = x.value->>'s') as v
      from jsonb_array_elements(p_appends) with ordinality as x(value, ord)
    ), moved as (
      insert into streams as st (stream_id, version)
      select i.s, coalesce(i.v, -1) + i.n from items i
      on conflict (stream_id) do update set version = excluded.version
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

// Appends of several independent callers in one transaction (group commit, eventstore/coalescer.ts):
// `p_items` is an array of items, each what one es_append_many call would take, and no stream appears
// in two items (the caller sees to it). Each item is decided on its own, as es_append_many would: all
// 'ok', all 'duplicate', its 'conflict' rows, or 'partial' (some appends already stored, which
// es_append_many refuses as unique_violation). Items that pass are written together in one statement;
// the others write nothing. Locks are taken as in es_append_many: every stream's, before any write,
// in lock-key order.
//
// Since 20261124T1300 an item may also name streams it only checks: an entry with no events ('ev' = [])
// writes nothing and makes the item a conflict unless the stream stands at the expected revision
// (EventStore.appendMany's `unchanged`). The lock is taken on them too, so no other append can move them
// before this transaction commits.
export const appendBatchFunction = (withChecks: boolean) => {
  const onlyWrites = withChecks ? sql`and w.n > 0` : sql``;
  const dupOfWrites = withChecks ? sql`filter (where c.n > 0)` : sql``;
  return sql`
create or replace function es_append_batch(p_items jsonb)
returns table(item bigint, ord bigint, status text, revision text, transaction_id text, global_position text)
-- The planner cannot know how short the arrays are (it guesses 100 elements each, 1,000 rows of
-- es_append_duplicate) and its cost estimate passes jit_above_cost: JIT compiling took 60-80 ms of a
-- call that runs in about 2.
set jit = off
language plpgsql as $fn$
#variable_conflict use_column
declare
  v_key record;
begin
  if pg_current_xact_id_if_assigned() is not null then
    raise exception 'es_append_batch must run before its transaction writes anything'
      using errcode = 'invalid_transaction_state';
  end if;
  for v_key in
    select distinct hashtext(a->>'s') as h
    from jsonb_array_elements(p_items) i cross join lateral jsonb_array_elements(i) a
    order by 1
  loop
    perform pg_advisory_xact_lock(${STREAM_LOCK_NAMESPACE}, v_key.h);
  end loop;

  return query
    with appends as materialized (
      -- Scalar look-ups, not joins, for the reason es_append_many gives.
      select i.ord as item, a.ord as ord, a.value->>'s' as s, a.value->>'e' as e, a.value->'ev' as ev,
             jsonb_array_length(a.value->'ev') as n,
             (select st.version from streams st where st.stream_id = a.value->>'s') as v,
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
             case when bool_and(c.dup) ${dupOfWrites} then 'duplicate' when bool_or(c.dup) then 'partial'
                  when bool_or(c.conflict) then 'conflict' else 'ok' end as verdict
      from checked c group by c.item
    ), to_write as materialized (
      select c.* from checked c join verdicts vd on vd.item = c.item where vd.verdict = 'ok'
    ), moved as (
      insert into streams as st (stream_id, version)
      select w.s, coalesce(w.v, -1) + w.n from to_write w where true ${onlyWrites}
      on conflict (stream_id) do update set version = excluded.version
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
      where true ${onlyWrites}
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
      where vd.verdict = 'duplicate' ${withChecks ? sql`and c.n > 0` : sql``}
    order by 1, 2;
end
$fn$`;
};
