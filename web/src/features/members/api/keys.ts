// The members feature's query keys, and which of them a change makes stale (lib holds the profile itself).
import type { StaleKeys } from '@/lib/stale-keys';

export const memberKeys = {
  all: ['members'] as const,
  balance: (userId: string) => [...memberKeys.all, userId, 'balance'] as const,
};

export const memberStaleKeys: StaleKeys = (change) => (change.scope === 'user' ? [{ queryKey: memberKeys.balance(change.id) }] : []);
