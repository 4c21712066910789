// The points economy's invariant (DESIGN.md §5), checked after a test file: the sum over all members
// of available + held equals every point ever granted, and no balance is negative. Balances come
// from the read model (what members see); grants come from the event log (what happened).
import { expect } from 'vitest';
import type { Checkpoint } from '../../eventstore/types.js';
import type { TestServer } from './test-server.js';

export interface LedgerTotals {
  granted: number;
  available: number;
  held: number;
  members: number;
}

type ServerParts = Pick<TestServer, 'store' | 'sql' | 'runtime'>;

const PAGE = 1000;

/** Every PointsGranted in the global log, and where the log ends. */
const grantsInLog = async (server: ServerParts): Promise<{ granted: number; head: Checkpoint | null }> => {
  let after: Checkpoint | null = null;
  let granted = 0;
  for (;;) {
    const batch = await server.store.readAll({ after, limit: PAGE });
    for (const event of batch) {
      if (event.type === 'PointsGranted') granted += Number((event.data as { amount: number }).amount);
    }
    if (batch.length === 0) return { granted, head: after };
    after = batch.at(-1)!.checkpoint;
  }
};

export const ledgerTotals = async (server: ServerParts): Promise<LedgerTotals> => {
  const { granted, head } = await grantsInLog(server);
  // The balances read model must have seen everything the log holds before the sums can agree.
  if (head) await server.runtime.waitFor(head, 15_000);
  const rows = await server.sql.db.selectFrom('balances').select(['member_id', 'available_points', 'held_points']).execute();
  const negative = rows.filter((r) => Number(r.available_points) < 0 || Number(r.held_points) < 0);
  expect(negative, 'no balance may be negative').toEqual([]);
  return {
    granted,
    available: rows.reduce((sum, r) => sum + Number(r.available_points), 0),
    held: rows.reduce((sum, r) => sum + Number(r.held_points), 0),
    members: rows.length,
  };
};

/** Fails the test when points were created or lost anywhere. */
export const expectLedgerBalanced = async (server: ServerParts): Promise<LedgerTotals> => {
  const totals = await ledgerTotals(server);
  expect(totals.available + totals.held, `available ${totals.available} + held ${totals.held} must equal granted ${totals.granted}`).toBe(totals.granted);
  return totals;
};
