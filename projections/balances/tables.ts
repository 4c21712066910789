// Row types of the balances read model (kysely table types).
export interface BalanceRow {
  member_id: string;
  available_points: number;
  held_points: number;
  /** occurredAt of the last ledger event for this member (never the wall clock). */
  updated_at: Date | string;
}

export interface BalancesTables {
  balances: BalanceRow;
}
