// A member's own points history (GET /api/users/{id}/transactions, newest first): read when the points
// chip's history opens, and again when the server says their ledger changed (topic 'ledger').
import { useQuery } from '@tanstack/react-query';
import type { Transaction } from '@contracts/members';
import { getJson } from '@/lib/http';
import { memberKeys } from './keys';

export const useTransactions = (userId: string, enabled: boolean) =>
  useQuery({
    queryKey: memberKeys.transactions(userId),
    queryFn: ({ signal }) => getJson<Transaction[]>(`/api/users/${encodeURIComponent(userId)}/transactions`, { signal }),
    enabled,
  });
