// An events row as the SQL adapters select it, and the recorded event it stands for: one shape for the
// store's reads (sql-event-store.ts) and the log browser's (sql-read-log.ts).
import { toCheckpoint } from './sql-checkpoints.js';
import type { RecordedEvent } from './types.js';

// Positions travel as text (exact on both engines) under their own names: an ORDER BY naming an
// output column would sort those texts ('10000' < '9999') instead of the numbers.
export interface EventRow {
  gp_text: string;
  tx_text: string;
  stream_id: string;
  sp_text: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
}

export function toRecorded(row: EventRow): RecordedEvent {
  return {
    streamId: row.stream_id,
    streamPosition: BigInt(row.sp_text),
    globalPosition: BigInt(row.gp_text),
    checkpoint: toCheckpoint(row.tx_text, row.gp_text),
    type: row.type,
    data: row.data,
    metadata: row.metadata,
  };
}
