// One declaration per read model. A row projection names its tables, the events it handles, the rows
// an event needs and how an event evolves them; the runtime loads the rows a batch touches (one query
// per table), evolves them in memory event by event, and writes each changed row once and deletes each
// ended row once (one statement per table and kind), choosing itself whether the writes go with the checkpoint in one statement or in a
// transaction. A custom projection (figures recomputed from many rows) gets a typed db and an
// explicit write in the runtime's transaction instead.
import type { Kysely } from 'kysely';
import type { DomainEvent, RecordedEvent } from '../../eventstore/types.js';
import { dedupeNotices } from './notices.js';
import type { RowCache } from './row-cache.js';
import { byName, deleteWrites, loadRowsByKey, rowWrites, writeRows, type TablesByName } from './set-wise.js';
import type { ChangeNotice, PlannedBatch, Projector, ReadModelMigration } from '../types.js';
import { createTable, dropTable, keyValues, type DatabaseOf, type RowOfTable, type Table } from './table.js';

/** An event as a projection sees it: the domain event with its place in the log and its metadata. */
export type Recorded<E extends DomainEvent> = E & Omit<RecordedEvent, 'type' | 'data'>;

export type TableSet = Readonly<Record<string, Table>>;

/** The rows of one table during a batch: those stored (when asked for) and those the batch wrote. */
export interface RowSet<Row> {
  /** The row as the batch left it so far, or as stored if it was read; undefined otherwise. */
  get(key: string): Row | undefined;
  /** Writes the row (once, at the end of the batch, whatever number of times it is put). */
  put(row: Row): void;
  /**
   * Ends the row with this key (as `get` takes it; a composite key as rowKey makes it): `get` answers
   * undefined after it, and the row is deleted at the end of the batch. A row put again after its
   * delete in the same batch begins afresh: it replaces the stored row, whatever the table's
   * onConflict and `add` columns say (the delete ended what they would keep or add to).
   */
  delete(key: string): void;
}

export type Rows<T extends TableSet> = { readonly [K in keyof T]: RowSet<RowOfTable<T[K]>> };

/** Per table, the keys of rows an event concerns. */
export type Keys<T extends TableSet> = { readonly [K in keyof T]?: string | readonly string[] };

interface Common<T extends TableSet, E extends DomainEvent> {
  name: string;
  /** Bumping it rebuilds the read model on start (needed whenever its columns change). */
  version: number;
  /** The name of the migration that creates the tables: a database that ran it keeps its tables. */
  migration: string;
  /** Keyed by table name. */
  tables: T;
  /** The event types this projection handles; the runtime gives it no others. */
  canHandle: readonly E['type'][];
  /** 'eventual' for read models members never read their own writes from (analytics, admin); default 'interactive'. */
  consistency?: 'interactive' | 'eventual';
}

interface Keeps<T extends TableSet> {
  /**
   * Tables whose rows the runtime keeps in memory between batches, so a row read once is not read again
   * while it is known to be unchanged (row-cache.ts): for rows read by many batches and seldom changed.
   */
  keepRows?: readonly (keyof T & string)[];
}

export interface RowProjection<T extends TableSet, E extends DomainEvent> extends Common<T, E>, Keeps<T> {
  /** Rows the event needs that may be stored already: read before the batch is evolved. */
  reads?(event: Recorded<E>): Keys<T>;
  /**
   * Rows that begin with this event (nothing stored them before it, nothing else makes them): any
   * read of them in the same batch is left out, so a batch of new rows reads nothing.
   */
  creates?(event: Recorded<E>): Keys<T>;
  /** Moves the rows the event changes (rows.x.put, rows.x.delete) and says who must hear of it. */
  evolve(rows: Rows<T>, event: Recorded<E>): readonly ChangeNotice[] | void;
}

export interface CustomContext<T extends TableSet> {
  /** The tables of this projection, in the schema being written, inside the batch's transaction. */
  db: Kysely<DatabaseOf<T>>;
  /** The stored rows of one of its tables whose (single-column) key is in `keys`, by key. */
  read<K extends keyof T & string>(table: K, keys: Iterable<string>): Promise<Map<string, RowOfTable<T[K]>>>;
  /** Writes rows of one of its tables at once, merged with stored rows as the table declares. */
  write<K extends keyof T & string>(table: K, rows: readonly RowOfTable<T[K]>[]): Promise<void>;
}

export interface CustomProjection<T extends TableSet, E extends DomainEvent> extends Common<T, E> {
  /** Applies a batch in the runtime's transaction: it may read what it wrote. */
  apply(ctx: CustomContext<T>, events: readonly Recorded<E>[]): Promise<readonly ChangeNotice[]>;
}

const list = (keys: string | readonly string[] | undefined): readonly string[] => (keys === undefined ? [] : typeof keys === 'string' ? [keys] : keys);

const common = <T extends TableSet>(options: Common<T, DomainEvent>): Omit<Projector, 'apply' | 'plan'> => {
  const tables = Object.values(options.tables);
  for (const [name, table] of Object.entries(options.tables)) {
    if (table.name !== name) throw new Error(`Projection ${options.name}: table ${table.name} is declared under the name ${name}`);
  }
  const migration: ReadModelMigration = {
    name: options.migration,
    async up(db) {
      for (const table of tables) await createTable(db, table);
    },
    async down(db) {
      for (const table of [...tables].reverse()) await dropTable(db, table);
    },
  };
  return {
    name: options.name,
    version: options.version,
    ...(options.consistency && { consistency: options.consistency }),
    tables: tables.map((t) => t.name),
    migrations: [migration],
    handles: options.canHandle,
    columns: Object.fromEntries(tables.map((t) => [t.name, Object.entries(t.columns).map(([name, c]) => ({ name, type: c.type, notNull: c.notNull }))])),
  };
};

/** What the events of a batch need read, per table: the keys asked for, less those the batch creates. */
const keysToRead = <T extends TableSet, E extends DomainEvent>(projection: RowProjection<T, E>, events: readonly Recorded<E>[]) => {
  const wanted = new Map<string, Set<string>>();
  const created = new Map<string, Set<string>>();
  const gather = (into: Map<string, Set<string>>, keys: Keys<T>) => {
    for (const table in keys) {
      const found = list(keys[table]);
      if (found.length === 0) continue;
      let set = into.get(table);
      if (!set) into.set(table, (set = new Set()));
      for (const key of found) set.add(key);
    }
  };
  for (const event of events) {
    if (projection.reads) gather(wanted, projection.reads(event));
    if (projection.creates) gather(created, projection.creates(event));
  }
  for (const [table, keys] of created) {
    const set = wanted.get(table);
    if (set) for (const key of keys) set.delete(key);
  }
  return wanted;
};

/** What a batch did to one table's rows, by key. */
interface TableChanges {
  /** Rows put, as the batch left them. */
  written: Map<string, object>;
  /** Keys whose row the batch ended (and did not put again after). */
  deleted: Set<string>;
  /** Keys deleted and then put again in the batch: their rows replace the stored ones. */
  reborn: Set<string>;
}

/**
 * A table's statements for a batch. The deleted keys and the written rows are disjoint, so the statements
 * may run as parts of one statement (PostgreSQL would not delete and upsert one row in one statement).
 */
const tableWrites = (db: Kysely<TablesByName>, name: string, table: Table, changes: TableChanges) => {
  const { written, deleted, reborn } = changes;
  const conflict = { key: table.key, onConflict: table.onConflict, add: table.add };
  // A row put after its delete replaces what is stored, with the same statement as the others when the
  // table already replaces rows as they are.
  const replaces = table.onConflict === 'update' && table.add.length === 0;
  const again = reborn.size === 0 || replaces ? [] : [...reborn].map((key) => written.get(key)!);
  const rest = again.length === 0 ? [...written.values()] : [...written].flatMap(([key, row]) => (reborn.has(key) ? [] : [row]));
  const keySpecs = table.key.map((column) => table.specs.find((spec) => spec.name === column)!);
  return [
    ...deleteWrites(
      db,
      name,
      keySpecs,
      [...deleted].map((key) => keyValues(key, table.key.length)),
    ),
    ...rowWrites(db, name, table.specs, rest, conflict),
    ...rowWrites(db, name, table.specs, again, { key: table.key, onConflict: 'update' }),
  ];
};

/** Declares a read model whose rows evolve event by event (see the file's head). */
export const defineProjection = <T extends TableSet, E extends DomainEvent>(projection: RowProjection<T, E>): Projector => {
  const tables = Object.entries(projection.tables);
  const kept = new Set<string>(projection.keepRows ?? []);
  for (const name of kept) {
    const table = projection.tables[name]!;
    // The row put must be the row stored, and keyed as it is read.
    if (table.key.length !== 1 || table.onConflict !== 'update' || table.add.length > 0)
      throw new Error(`Projection ${projection.name} keeps rows of ${name}, which needs a single-column key and rows written as put`);
  }
  const plan = async (db: Kysely<TablesByName>, recorded: RecordedEvent[], cache?: RowCache): Promise<PlannedBatch> => {
    const events = recorded as unknown as Recorded<E>[];
    const stored = new Map<string, Map<string, object>>();
    // One after another: on PGlite a transaction is a single connection.
    for (const [name, keys] of keysToRead(projection, events)) {
      const table = projection.tables[name]!;
      if (table.key.length !== 1) throw new Error(`Projection ${projection.name} reads ${name} by key, which only single-column keys allow`);
      stored.set(name, await readRows(db, name, table.key[0]!, keys, kept.has(name) ? cache : undefined));
    }
    const changes = new Map<string, TableChanges>();
    const rows = Object.fromEntries(
      tables.map(([name, table]) => {
        const mine: TableChanges = { written: new Map(), deleted: new Set(), reborn: new Set() };
        changes.set(name, mine);
        const before = stored.get(name);
        const set: RowSet<object> = {
          get: (key) => mine.written.get(key) ?? (mine.deleted.has(key) ? undefined : before?.get(key)),
          put: (row) => {
            const key = table.keyOf(row as never);
            mine.written.set(key, row);
            if (mine.deleted.delete(key)) mine.reborn.add(key);
          },
          delete: (key) => {
            mine.written.delete(key);
            mine.reborn.delete(key);
            mine.deleted.add(key);
          },
        };
        return [name, set];
      }),
    ) as unknown as Rows<T>;
    const notices: ChangeNotice[] = [];
    for (const event of events) {
      const said = projection.evolve(rows, event);
      if (said) for (const notice of said) notices.push(notice);
    }
    const writes = tables.flatMap(([name, table]) => tableWrites(db, name, table, changes.get(name)!));
    if (!cache || kept.size === 0) return { writes, notices: dedupeNotices(notices) };
    const keep = () => {
      for (const name of kept) {
        const { written, deleted } = changes.get(name)!;
        for (const [key, row] of written) cache.set(name, key, row);
        for (const key of deleted) cache.set(name, key, null);
      }
    };
    return { writes, notices: dedupeNotices(notices), keep };
  };
  return {
    ...common(projection as Common<T, DomainEvent>),
    plan: (db, events, cache) => plan(byName(db), events, cache),
    async apply(db, events) {
      const planned = await plan(byName(db), events);
      for (const write of planned.writes) await db.executeQuery(write);
      return planned.notices;
    },
  };
};

/** The stored rows of `keys`: those the cache keeps, the others read (and kept, when there is a cache). */
const readRows = async (db: Kysely<TablesByName>, table: string, keyColumn: string, keys: Iterable<string>, cache: RowCache | undefined) => {
  if (!cache) return loadRowsByKey(db, table, keyColumn, keys);
  const found = new Map<string, object>();
  const missing: string[] = [];
  for (const key of keys) {
    const row = cache.get(table, key);
    if (row === undefined) missing.push(key);
    else if (row !== null) found.set(key, row);
  }
  const loaded = await loadRowsByKey(db, table, keyColumn, missing);
  for (const key of missing) {
    const row = loaded.get(key) ?? null;
    cache.set(table, key, row);
    if (row) found.set(key, row);
  }
  return found;
};

/** Declares a read model that applies whole batches itself, with explicit writes (see the file's head). */
export const defineCustomProjection = <T extends TableSet, E extends DomainEvent>(projection: CustomProjection<T, E>): Projector => ({
  ...common(projection as Common<T, DomainEvent>),
  async apply(handle, events) {
    const db = byName(handle);
    const ctx: CustomContext<T> = {
      // The runtime's handle, bound to the schema being written, whose tables are the declared ones.
      db: db as unknown as Kysely<DatabaseOf<T>>,
      read: (name, keys) => loadRowsByKey(db, name, projection.tables[name]!.key[0]!, keys),
      async write(name, rows) {
        const table = projection.tables[name]!;
        await writeRows(db, name, table.specs, rows as readonly object[], { key: table.key, onConflict: table.onConflict, add: table.add });
      },
    };
    return [...(await projection.apply(ctx, events as unknown as Recorded<E>[]))];
  },
});
