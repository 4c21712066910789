// The ledger-transactions read model: one row per ledger event, the member's points history.
import type { LedgerEvent } from '../../domain/ledger/events.js';
import { ledgerEventTypes } from '../balances/projector.js';
import { memberChanged } from '../change-notices.js';
import { defineProjection, type Recorded } from '../runtime/define-projection.js';
import { ledgerTransactionsTable, type LedgerTransactionRow } from './tables.js';

/**
 * Amounts are signed from the member's side, as their available points see it: a hold is negative
 * and its refund positive; a transfer out (the held points leaving for the mentor) is negative and
 * the mentor's transfer in positive. The type tells a hold from the payment that settles it.
 */
export const toTransactionRow = (event: Recorded<LedgerEvent>): LedgerTransactionRow => {
  const base = {
    id: event.metadata.eventId,
    member_id: event.data.memberId,
    description: event.data.description,
    created_at: event.metadata.occurredAt,
    position: event.globalPosition.toString(),
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

export const ledgerTransactionsProjector = defineProjection({
  name: 'ledger-transactions',
  version: 1,
  migration: '20261122T0920-create-ledger-transactions',
  tables: { ledger_transactions: ledgerTransactionsTable },
  canHandle: ledgerEventTypes,
  evolve(rows, event: Recorded<LedgerEvent>) {
    rows.ledger_transactions.put(toTransactionRow(event));
    return [memberChanged(event.data.memberId, 'ledger')];
  },
});
