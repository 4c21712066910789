// Set-wise writes for projectors. A batch of thousands of events becomes one SELECT of the rows it
// touches and one INSERT ... SELECT FROM unnest(arrays): a constant number of bind parameters per
// statement, so a rebuild runs at bulk-insert speed on PostgreSQL and PGlite alike.
import { CompiledQuery, sql, type Kysely, type RawBuilder } from 'kysely';

export type ColumnType = 'text' | 'int4' | 'int8' | 'jsonb' | 'timestamptz' | 'bool';

/**
 * The runtime's view of a read model's database: tables and columns known by name only, from their
 * declarations (runtime/table.ts). Read models' queries use their typed Database interfaces instead.
 */
export type TablesByName = Record<string, Record<string, unknown>>;

/**
 * Any kysely handle (a Kysely or a Transaction, whatever its Database type) seen as tables by name.
 * Every Database type is such a record; kysely's types are invariant in it, so this says it once.
 */
export const byName = <DB>(db: Kysely<DB>): Kysely<TablesByName> => db as unknown as Kysely<TablesByName>;

export interface ColumnSpec {
  name: string;
  type: ColumnType;
}

export type ConflictAction = {
  key: readonly string[];
  onConflict: 'update' | 'nothing';
  /**
   * With 'update': columns whose rows hold changes, added to the stored value (`t.c + excluded.c`)
   * instead of replacing it; a row not stored yet is inserted as it is, i.e. the change from zero.
   */
  add?: readonly string[];
};

// jsonb and timestamptz travel as text arrays and are cast per element: both drivers serialise
// text[] reliably, while their handling of nested json and Date arrays differs.
const wireType = (type: ColumnType) => (type === 'jsonb' || type === 'timestamptz' ? 'text' : type);

const toWire = (type: ColumnType, value: unknown): unknown => {
  if (value === null || value === undefined) return null;
  if (type === 'jsonb') return JSON.stringify(value);
  if (type === 'int8') return String(value);
  if (type === 'timestamptz') return value instanceof Date ? value.toISOString() : String(value);
  return value;
};

const NEEDS_ESCAPE = /[\\"]/;

/**
 * A column's values as one array literal, the text the driver would send for the array: every element
 * quoted (backslash and quote escaped), NULL bare. Built here because the driver escapes each element
 * with two regex replacements whether or not it needs them (3% of the API thread's allocations under
 * the booking bench); most values need none.
 */
export const arrayLiteral = (values: readonly unknown[]): string => {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ',';
    const value = values[i];
    if (value === null || value === undefined) {
      out += 'NULL';
      continue;
    }
    const text = String(value);
    out += NEEDS_ESCAPE.test(text) ? `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : `"${text}"`;
  }
  return `${out}}`;
};

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

/** Cap on rows per statement: keeps single messages to the server well below protocol limits. */
const MAX_ROWS_PER_STATEMENT = 20_000;

// The statement's text depends only on the table, its columns and the conflict action, so it is built
// once per shape (live projectors write the same few shapes in every batch: building it through the
// query builder each time was a few per cent of the API thread under load). Its parameters are the
// column arrays, $1..$n in column order. Table declarations hold their column lists (runtime/table.ts), so the lists
// key the cache by identity; the database handle does too, as a rebuild's (withSchema) compiles other names.
const texts = new WeakMap<Kysely<TablesByName>, WeakMap<readonly ColumnSpec[], Map<string, string>>>();

const statementText = (db: Kysely<TablesByName>, table: string, columns: readonly ColumnSpec[], conflict: ConflictAction): string => {
  let byColumns = texts.get(db);
  if (!byColumns) texts.set(db, (byColumns = new WeakMap()));
  let known = byColumns.get(columns);
  if (!known) byColumns.set(columns, (known = new Map()));
  const key = `${table}|${conflict.onConflict}|${conflict.key.join(',')}|${(conflict.add ?? []).join(',')}`;
  const cached = known.get(key);
  if (cached !== undefined) return cached;
  const unnestArgs = sql.join(columns.map((c, i) => sql`${sql.raw(`$${i + 1}`)}::${sql.raw(wireType(c.type))}[]`));
  const selectList = sql.join(columns.map((c) => (c.type === wireType(c.type) ? sql`u.${ident(c.name)}` : sql`u.${ident(c.name)}::${sql.raw(c.type)}`)));
  const aliasList = sql.join(columns.map((c) => ident(c.name)));
  const source: RawBuilder<unknown> = sql`select ${selectList} from unnest(${unnestArgs}) as u(${aliasList})`;
  const names = columns.map((c) => c.name);
  const compiled = db
    .insertInto(table)
    .columns(names)
    .expression(source)
    .onConflict((oc) => {
      const target = oc.columns(conflict.key as string[]);
      if (conflict.onConflict === 'nothing') return target.doNothing();
      const updates = names.filter((n) => !conflict.key.includes(n));
      const added = new Set(conflict.add ?? []);
      return target.doUpdateSet(
        Object.fromEntries(updates.map((n) => [n, added.has(n) ? sql`${ident(table)}.${ident(n)} + excluded.${ident(n)}` : sql`excluded.${ident(n)}`])),
      );
    })
    .compile();
  // Every value is in the text as $1..$n written above; a builder that added its own would shift them.
  if (compiled.parameters.length > 0) throw new Error(`writeRows: the statement for ${table} took parameters of its own`);
  known.set(key, compiled.sql);
  return compiled.sql;
};

/**
 * The statements that insert rows (objects keyed by column name), one per 20k rows, not yet run: the
 * runtime runs them in a batch's transaction or as parts of its one statement. Rows must not repeat
 * a conflict key within one call (evolve them in memory first): PostgreSQL refuses to update the
 * same row twice in one statement.
 */
export const rowWrites = (
  db: Kysely<TablesByName>,
  table: string,
  columns: readonly ColumnSpec[],
  rows: readonly object[],
  conflict: ConflictAction,
): CompiledQuery[] => {
  if (rows.length === 0) return [];
  const text = statementText(db, table, columns, conflict);
  const writes: CompiledQuery[] = [];
  for (let start = 0; start < rows.length; start += MAX_ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + MAX_ROWS_PER_STATEMENT) as readonly Record<string, unknown>[];
    writes.push(
      CompiledQuery.raw(
        text,
        columns.map((c) => arrayLiteral(chunk.map((row) => toWire(c.type, row[c.name])))),
      ),
    );
  }
  return writes;
};

const deleteTexts = new WeakMap<Kysely<TablesByName>, Map<string, string>>();

/**
 * The statement that deletes the rows whose key is one of `keys` (each the key columns' values, in
 * the key's order), not yet run; like rowWrites, its only parameters are one array per key column, so
 * it can be a part of the runtime's one statement.
 */
export const deleteWrites = (db: Kysely<TablesByName>, table: string, key: readonly ColumnSpec[], keys: readonly (readonly string[])[]): CompiledQuery[] => {
  if (keys.length === 0) return [];
  let known = deleteTexts.get(db);
  if (!known) deleteTexts.set(db, (known = new Map()));
  const shape = `${table}|${key.map((c) => `${c.name}:${c.type}`).join(',')}`;
  let text = known.get(shape);
  if (text === undefined) {
    const unnestArgs = sql.join(key.map((c, i) => sql`${sql.raw(`$${i + 1}`)}::${sql.raw(wireType(c.type))}[]`));
    const selectList = sql.join(key.map((c) => (c.type === wireType(c.type) ? sql`u.${ident(c.name)}` : sql`u.${ident(c.name)}::${sql.raw(c.type)}`)));
    const aliasList = sql.join(key.map((c) => ident(c.name)));
    const compiled = db
      .deleteFrom(table)
      .where(sql<boolean>`(${sql.join(key.map((c) => ident(c.name)))}) in (select ${selectList} from unnest(${unnestArgs}) as u(${aliasList}))`)
      .compile();
    if (compiled.parameters.length > 0) throw new Error(`deleteWrites: the statement for ${table} took parameters of its own`);
    known.set(shape, (text = compiled.sql));
  }
  const writes: CompiledQuery[] = [];
  for (let start = 0; start < keys.length; start += MAX_ROWS_PER_STATEMENT) {
    const chunk = keys.slice(start, start + MAX_ROWS_PER_STATEMENT);
    writes.push(
      CompiledQuery.raw(
        text,
        key.map((c, i) => arrayLiteral(chunk.map((values) => toWire(c.type, values[i])))),
      ),
    );
  }
  return writes;
};

/** Inserts rows at once (see rowWrites). */
export const writeRows = async (
  db: Kysely<TablesByName>,
  table: string,
  columns: readonly ColumnSpec[],
  rows: readonly object[],
  conflict: ConflictAction,
): Promise<void> => {
  for (const write of rowWrites(db, table, columns, rows, conflict)) await db.executeQuery(write);
};

/** Loads the rows whose key is in `keys` with one query; returns them keyed by that column. */
export const loadRowsByKey = async <Row extends object>(
  db: Kysely<TablesByName>,
  table: string,
  keyColumn: string,
  keys: Iterable<string>,
): Promise<Map<string, Row>> => {
  const list = [...new Set(keys)];
  const found = new Map<string, Row>();
  if (list.length === 0) return found;
  const rows = (await db
    .selectFrom(table)
    .selectAll()
    .where(keyColumn, '=', sql<string>`any(${list}::text[])`)
    .execute()) as Row[];
  for (const row of rows) found.set(String((row as Record<string, unknown>)[keyColumn]), row);
  return found;
};

/** Timestamps come back as Date from both drivers; the API speaks ISO strings. */
export const toIso = (value: unknown): string => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());
