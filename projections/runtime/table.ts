// A read-model table declared once: its columns (SQL type, null or not, default), its key, its
// indexes and how a row written again merges with the stored one. The row type is derived from the
// columns, the migration creates the table from them, and the set-wise writes take their column list
// from them, so a column cannot be forgotten in one of the three.
import { sql, type Kysely } from 'kysely';
import type { ColumnType } from './set-wise.js';

/** A column of SQL type `type` whose values are T in TypeScript (what the drivers return or accept). */
export class Column<T> {
  /** Carries T for RowOf; never set. */
  declare readonly value: T;
  constructor(
    readonly type: ColumnType,
    readonly notNull = true,
    /** A constant default (text), kept from a migration that had one. */
    readonly defaultText?: string,
  ) {}

  nullable(): Column<T | null> {
    return new Column<T | null>(this.type, false, this.defaultText);
  }

  defaultTo(text: string): Column<T> {
    return new Column<T>(this.type, this.notNull, text);
  }
}

/** A row's key as RowSet.get and RowSet.delete take it: a composite key's values joined by NUL, in the key's order. */
export const rowKey = (...values: readonly unknown[]): string => values.map(String).join('\u0000');

/** The key string back as the key columns' values (rowKey's inverse). */
export const keyValues = (key: string, columns: number): readonly string[] => (columns === 1 ? [key] : key.split('\u0000'));

export const text = <T extends string = string>() => new Column<T>('text');
export const int4 = () => new Column<number>('int4');
/** Global log positions and the like: bigint on the wire, a number or string back from the drivers. */
export const int8 = () => new Column<string | number | bigint>('int8');
export const bool = () => new Column<boolean>('bool');
export const jsonb = <T>() => new Column<T>('jsonb');
/** An instant: written as an ISO string, read back as a Date. */
export const timestamptz = () => new Column<Date | string>('timestamptz');

export type Columns = Record<string, Column<unknown>>;

export type RowOf<C extends Columns> = { -readonly [K in keyof C]: C[K] extends Column<infer T> ? T : never };

type ColumnName<C extends Columns> = keyof C & string;

export interface TableOptions<Name extends string, C extends Columns> {
  name: Name;
  columns: C;
  /** The primary key: one column, or several (a constraint named `${name}_pk`). */
  key: readonly [ColumnName<C>, ...ColumnName<C>[]];
  /** A row written again: 'update' replaces the stored one (default); 'nothing' keeps the stored one. */
  onConflict?: 'update' | 'nothing';
  /** With 'update': columns that hold changes, added to the stored values (`t.c + excluded.c`). */
  add?: readonly ColumnName<C>[];
  /** Index name to its columns (a column may end in ' desc'). */
  indexes?: Readonly<Record<string, readonly (ColumnName<C> | `${ColumnName<C>} desc`)[]>>;
  /**
   * Per cent of each page filled by inserts (PostgreSQL's fillfactor, 100 when unset). A table whose rows are
   * rewritten often in columns no index holds leaves room, so the new version fits on the same page and the
   * update is HOT: no index entry is written.
   */
  fillfactor?: number;
}

export interface Table<Name extends string = string, C extends Columns = Columns> extends Required<Omit<TableOptions<Name, C>, 'add' | 'indexes' | 'fillfactor'>> {
  add: readonly ColumnName<C>[];
  fillfactor: number | null;
  indexes: Readonly<Record<string, readonly string[]>>;
  /** The columns in declaration order (the table's column order). */
  specs: readonly { name: string; type: ColumnType }[];
  /** A row's key as one string (the columns of a composite key joined by NUL: rowKey). */
  keyOf(row: RowOf<C>): string;
  /** Carries the row type; never set. */
  readonly row: RowOf<C>;
}

export type RowOfTable<T extends Table> = T['row'];

export const defineTable = <const Name extends string, const C extends Columns>(options: TableOptions<Name, C>): Table<Name, C> => {
  const { key } = options;
  const keyOf = key.length === 1 ? (row: RowOf<C>) => String(row[key[0]]) : (row: RowOf<C>) => key.map((k) => String(row[k])).join('\u0000');
  return {
    name: options.name,
    columns: options.columns,
    key,
    onConflict: options.onConflict ?? 'update',
    add: options.add ?? [],
    indexes: options.indexes ?? {},
    fillfactor: options.fillfactor ?? null,
    specs: Object.entries(options.columns).map(([name, column]) => ({ name, type: column.type })),
    keyOf,
  } as unknown as Table<Name, C>;
};

/** The kysely Database interface of a set of tables: table name to row type. */
export type DatabaseOf<T extends Record<string, Table>> = { [K in keyof T as T[K]['name']]: RowOfTable<T[K]> };

const DDL_TYPE: Record<ColumnType, 'text' | 'integer' | 'bigint' | 'boolean' | 'jsonb' | 'timestamptz'> = {
  text: 'text',
  int4: 'integer',
  int8: 'bigint',
  bool: 'boolean',
  jsonb: 'jsonb',
  timestamptz: 'timestamptz',
};

/** Creates the table and its indexes from the declaration (schema-bound db: public or a build schema). */
export const createTable = async (db: Kysely<unknown>, table: Table): Promise<void> => {
  let builder = db.schema.createTable(table.name);
  const singleKey = table.key.length === 1 ? table.key[0] : null;
  for (const [name, column] of Object.entries(table.columns)) {
    builder = builder.addColumn(name, DDL_TYPE[column.type], (c) => {
      let def = name === singleKey ? c.primaryKey() : column.notNull ? c.notNull() : c;
      if (column.defaultText !== undefined) def = def.defaultTo(column.defaultText);
      return def;
    });
  }
  if (singleKey === null) builder = builder.addPrimaryKeyConstraint(`${table.name}_pk`, [...table.key] as never);
  if (table.fillfactor !== null) builder = builder.modifyEnd(sql`with (fillfactor = ${sql.lit(table.fillfactor)})`);
  await builder.execute();
  for (const [index, columns] of Object.entries(table.indexes)) {
    await db.schema
      .createIndex(index)
      .on(table.name)
      .columns([...columns])
      .execute();
  }
};

export const dropTable = async (db: Kysely<unknown>, table: Table): Promise<void> => {
  await db.schema.dropTable(table.name).ifExists().execute();
};
