// The ledger-transactions read model: one row per ledger event, the member's points history.
import type { Kysely } from 'kysely';
import type { LedgerEvent } from '../../domain/ledger/events.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { ledgerEventTypes } from '../balances/projector.js';
import { writeRows, type ColumnSpec } from '../shared/set-wise.js';
import type { ChangeNotice, Projector } from '../types.js';
import { ledgerTransactionsMigrations } from './migrations.js';
import type { LedgerTransactionRow } from './tables.js';

const columns: readonly ColumnSpec[] = [
  { name: 'id', type: 'text' },
  { name: 'member_id', type: 'text' },
  { name: 'type', type: 'text' },
  { name: 'amount', type: 'int4' },
  { name: 'description', type: 'text' },
  { name: 'created_at', type: 'timestamptz' },
  { name: 'swap_id', type: 'text' },
  { name: 'position', type: 'int8' },
];

/**
 * Amounts are signed from the member's side, as their available points see it: a hold is negative
 * and its refund positive; a transfer out (the held points leaving for the mentor) is negative and
 * the mentor's transfer in positive. The type tells a hold from the payment that settles it.
 */
export const toTransactionRow = (recorded: RecordedEvent): LedgerTransactionRow => {
  const event = { type: recorded.type, data: recorded.data } as LedgerEvent;
  const base = {
    id: recorded.metadata.eventId,
    member_id: event.data.memberId,
    description: event.data.description,
    created_at: recorded.metadata.occurredAt,
    position: recorded.globalPosition.toString(),
  };
  switch (event.type) {
    case 'PointsGranted':
      return { ...base, type: event.data.reason === 'welcome' ? 'welcome' : 'correction', amount: event.data.amount, swap_id: null };
    case 'PointsHeld':
      return { ...base, type: 'hold', amount: -event.data.amount, swap_id: event.data.sessionId };
    case 'HoldRefunded':
      return { ...base, type: 'refund', amount: event.data.amount, swap_id: event.data.sessionId };
    case 'HoldAdjudicated':
      return { ...base, type: 'transfer_out', amount: -event.data.amount, swap_id: event.data.sessionId };
    case 'PointsReceived':
      return { ...base, type: 'transfer_in', amount: event.data.amount, swap_id: event.data.sessionId };
  }
};

export const ledgerTransactionsProjector: Projector = {
  name: 'ledger-transactions',
  version: 1,
  tables: ['ledger_transactions'],
  migrations: ledgerTransactionsMigrations,
  handles: ledgerEventTypes,
  writesInOneStatement: true,
  async apply(db: Kysely<any>, events: RecordedEvent[]): Promise<ChangeNotice[]> {
    const rows = events.map(toTransactionRow);
    // Rows are keyed by event id, so re-applying an event is harmless rather than a duplicate.
    await writeRows(db, 'ledger_transactions', columns, rows as unknown as Record<string, unknown>[], {
      key: ['id'],
      onConflict: 'nothing',
    });
    return [...new Set(rows.map((r) => r.member_id))].map((id) => ({ scope: 'user', id }));
  },
};
