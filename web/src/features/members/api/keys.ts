// The members feature's query keys, and which of them a change makes stale (lib holds the profile itself).
import { aboutAny, type StaleKeys } from '@/lib/stale-keys';

export const memberKeys = {
  all: ['members'] as const,
  balance: (userId: string) => [...memberKeys.all, userId, 'balance'] as const,
  transactions: (userId: string) => [...memberKeys.all, userId, 'transactions'] as const,
};

// GET /api/users/{id}/balance reads the balances read model alone; /transactions the ledger-transactions one.
export const memberStaleKeys: StaleKeys = (change) =>
  change.scope === 'user'
    ? [
        ...(aboutAny(change, ['balance']) ? [{ queryKey: memberKeys.balance(change.id) }] : []),
        ...(aboutAny(change, ['ledger']) ? [{ queryKey: memberKeys.transactions(change.id) }] : []),
      ]
    : [];
