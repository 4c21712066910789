// The ledger audit's reads and its one write (issue 33 point 3): the continuous check and the latest full
// audit with its findings, read again on each `ledger_audit_changed` of the admins' socket (a run starts,
// moves, ends; a check finds something), every LEDGER_AUDIT_POLL_MS while a run goes on and the socket is
// down, and now and then besides (the continuous check's position moves with every batch, unannounced).
// One member's movements, a page at a time: the log's past never changes, so 'Load more' goes on.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LEDGER_AUDIT_POLL_MS, type LedgerAuditResponse, type LedgerAuditRun, type LedgerMovementsResponse } from '@contracts/admin-ledger-audit';
import { isStatus, sendJson } from '@/lib/http';
import { useLiveStatus } from '@/lib/live-socket';
import { useAdminLive } from './admin-live';
import { adminRead } from './admin-read';
import { adminKeys } from './keys';

/** How often the page reads the audit while none runs: the continuous check's position and totals move. */
export const LEDGER_AUDIT_IDLE_POLL_MS = 15_000;

/** Where a member's movements are: their own page, linked from a finding and from the inspector (decision 349). */
export const movementsLink = (memberId: string) => `/admin/audit/members/${encodeURIComponent(memberId)}`;
export const inspectorLink = (memberId: string) => `/admin/inspector?userId=${encodeURIComponent(memberId)}`;

export const useLedgerAudit = () => {
  useAdminLive();
  const connected = useLiveStatus((s) => s.connected);
  return useQuery({
    queryKey: adminKeys.ledgerAudit(),
    queryFn: (context) => adminRead<LedgerAuditResponse>('/api/admin/audit/ledger', context),
    refetchInterval: (query) => (query.state.data?.run?.state === 'running' && !connected ? LEDGER_AUDIT_POLL_MS : LEDGER_AUDIT_IDLE_POLL_MS),
  });
};

/** Starts a full audit (or meets the one running): its run shows at once, and the audit is read again. */
export const useRunLedgerAudit = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<LedgerAuditRun>('/api/admin/audit/ledger/run', { body: {} }),
    onSuccess: (run) => client.setQueryData<LedgerAuditResponse>(adminKeys.ledgerAudit(), (audit) => audit && { ...audit, run }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.ledgerAudit(), exact: true }),
  });
};

const movementsUrl = (memberId: string, cursor: string | null) =>
  `/api/admin/audit/ledger/members/${encodeURIComponent(memberId)}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;

export const useLedgerMovements = (memberId: string) => {
  const client = useQueryClient();
  return useInfiniteQuery({
    queryKey: adminKeys.ledgerMovements(memberId),
    queryFn: ({ pageParam, signal }) => adminRead<LedgerMovementsResponse>(movementsUrl(memberId, pageParam), { signal, client }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // No such member (404) or a cursor refused (400) says so at once.
    retry: (count, error) => !isStatus(error, 404) && !isStatus(error, 400) && count < 2,
  });
};
