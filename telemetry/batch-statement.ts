// A whole batch is ONE statement: per kind present, its rows arrive as parameters, a data-modifying
// CTE inserts them and returns what it stored, further CTEs fold exactly those rows into the rollups,
// and the final select sends the batch's one notice. The stored rows carry their new ids (a rollup may keep one). One statement is atomic on both engines (a bad
// row stores nothing, rollups included) and costs one round trip; the NOTIFY leaves at commit.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { RAW_TABLE_DECLARATIONS, type RawTable } from './raw-tables.js';
import type { TelemetryBatch, TelemetryNotice } from './types.js';

export const TELEMETRY_CHANNEL = 'skillswap_telemetry';

/**
 * How the rows travel: one json parameter per kind read by json_to_recordset, or one array per column
 * read by unnest. bench/telemetry.ts measures both on both engines: unnest is the faster on PGlite (3,974
 * against 2,684 points/s) and, since the heat map's rollups were added, on PostgreSQL too (69,881 against
 * 67,460; decision 374), so both engines use it. json stays for the bench's side measure.
 */
export type RowsAs = 'json' | 'unnest';
export const DEFAULT_ROWS_AS: RowsAs = 'unnest';

const sourceOf = (declaration: RawTable<unknown>, points: readonly unknown[], rowsAs: RowsAs): RawBuilder<unknown> => {
  const { columns } = declaration;
  const names = sql.join(columns.map(([name]) => sql.ref(name)));
  if (rowsAs === 'json') {
    const rows = points.map((point) => Object.fromEntries(columns.map(([name, , value]) => [name, value(point)])));
    const shape = sql.join(columns.map(([name, type]) => sql`${sql.ref(name)} ${sql.raw(type)}`));
    return sql`select ${names} from json_to_recordset(${JSON.stringify(rows)}::json) as r(${shape})`;
  }
  const arrays = columns.map(([, type, value]) => {
    // jsonb travels as text: an array of objects would be taken for a nested array.
    const values = points.map((point) => (type === 'jsonb' ? JSON.stringify(value(point)) : value(point)));
    return sql`${values}::${sql.raw(type)}[]`;
  });
  return sql`select * from unnest(${sql.join(arrays)}) as r(${names})`;
};

/** The statement for a batch, or null when it holds no row. */
export const batchStatement = (batch: TelemetryBatch, rowsAs: RowsAs): RawBuilder<TelemetryNotice> | null => {
  const ctes: RawBuilder<unknown>[] = [];
  const counts: RawBuilder<unknown>[] = [];
  for (const declaration of RAW_TABLE_DECLARATIONS) {
    const points = (batch[declaration.kind] ?? []) as readonly unknown[];
    if (points.length === 0) {
      counts.push(sql`0`);
      continue;
    }
    const stored = sql.ref(`${declaration.table}_stored`);
    const names = sql.join(declaration.columns.map(([name]) => sql.ref(name)));
    ctes.push(
      sql`${stored} as (insert into ${sql.table(declaration.table)} (${names}) ${sourceOf(declaration, points, rowsAs)} returning id, ${names})`,
      ...declaration.rollups(sql`${stored}`).map((upsert, i) => sql`${sql.ref(`${declaration.table}_rollup_${i}`)} as (${upsert})`),
    );
    counts.push(sql`(select count(*) from ${stored})::int`);
  }
  if (ctes.length === 0) return null;
  const fields = sql.join(RAW_TABLE_DECLARATIONS.map((declaration, i) => sql`${counts[i]!} as ${sql.ref(declaration.kind)}`));
  return sql<TelemetryNotice>`with ${sql.join(ctes)}, notice as (select ${fields})
    select n.*, pg_notify(${TELEMETRY_CHANNEL}, row_to_json(n)::text) is null as sent from notice n`;
};

/** Writes the batch; resolves with what it stored (its notice), or null for an empty batch. */
export const writeBatch = async (db: Kysely<unknown>, batch: TelemetryBatch, rowsAs: RowsAs): Promise<TelemetryNotice | null> => {
  const statement = batchStatement(batch, rowsAs);
  if (!statement) return null;
  const { rows } = await statement.execute(db);
  const row = rows[0]!;
  return Object.fromEntries(RAW_TABLE_DECLARATIONS.map((declaration) => [declaration.kind, row[declaration.kind]])) as unknown as TelemetryNotice;
};
