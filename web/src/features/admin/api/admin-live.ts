// Every figure on the admin screens moves over /ws: the admin read models announce `{ type: 'changed',
// scope: 'admin' }` to admins' sockets after each batch, and each stored telemetry batch of page views or
// sign-ins `analytics_stored`, of heat-map points `interactions_stored`, each batch of metrics samples `metrics_stored`, and each stored batch of errors `errors_stored`, and the ledger audit `ledger_audit_changed`. The app's stale-keys map cannot name the admin chunk's keys (no admin code
// in the members' bundle), so the admin area listens on the tab's socket itself, while any admin read
// is mounted. A busy site sends many such notices a second: each query is fetched again at most once
// per second (the first notice at once, the rest of the second in one trailing fetch), never a storm.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';
import { LEDGER_AUDIT_CHANGED } from '@contracts/admin-ledger-audit';
import { getLiveSocket } from '@/lib/live-socket';
import { invalidateChanges, StaleKeysContext, type StaleKey, type StaleKeys } from '@/lib/stale-keys';
import { adminKeys } from './keys';

export const ADMIN_REFETCH_WINDOW_MS = 1_000;

/** An admin read model changed: every admin read of read models (not `me`; the followers poll). */
export const adminChangeKeys: readonly StaleKey[] = [
  { queryKey: adminKeys.users() },
  { queryKey: adminKeys.activities() },
  { queryKey: adminKeys.adminActivities() },
  { queryKey: adminKeys.stats() },
  { queryKey: adminKeys.aiAnalytics() },
];
/** Page views or sign-ins were stored: the Live Activity and the dashboard's figures. */
export const analyticsStoredKeys: readonly StaleKey[] = [{ queryKey: adminKeys.activities() }, { queryKey: adminKeys.stats() }];
/** The server stored its metrics samples (every METRICS_SAMPLE_SECONDS): the System Metrics tab and the health card. */
export const metricsStoredKeys: readonly StaleKey[] = [{ queryKey: adminKeys.metrics() }, { queryKey: adminKeys.healthMetrics() }];
/** Heat-map points were stored: every heat map read (whatever its window, page and band). */
export const interactionsStoredKeys: readonly StaleKey[] = [{ queryKey: adminKeys.heatmap() }];
/** Errors were stored (server or browser): every error monitor read (groups, stats, an open group) and the dashboard's errors card. */
export const errorsStoredKeys: readonly StaleKey[] = [{ queryKey: adminKeys.errorMonitor() }, { queryKey: adminKeys.stats() }];
/** A full ledger audit started, moved or ended, or a check found something: the audit's state (not the movements: the log's past). */
export const ledgerAuditChangedKeys: readonly StaleKey[] = [{ queryKey: adminKeys.ledgerAudit(), exact: true }];

export interface Coalescer {
  add(key: StaleKey): void;
  stop(): void;
}

/** Runs `run(key)` at most once per `windowMs` per key: at once when the window is free, else once at its end. */
export const createCoalescer = (windowMs: number, run: (key: StaleKey) => void, now: () => number = Date.now): Coalescer => {
  const slots = new Map<string, { last: number; timer: ReturnType<typeof setTimeout> | null }>();
  return {
    add(key) {
      const id = JSON.stringify(key.queryKey);
      let slot = slots.get(id);
      if (!slot) slots.set(id, (slot = { last: -Infinity, timer: null }));
      if (slot.timer) return;
      const due = slot;
      const fire = () => {
        due.timer = null;
        due.last = now();
        run(key);
      };
      const wait = due.last + windowMs - now();
      if (wait <= 0) fire();
      else due.timer = setTimeout(fire, wait);
    },
    stop() {
      for (const slot of slots.values()) if (slot.timer) clearTimeout(slot.timer);
      slots.clear();
    },
  };
};

// One listener per tab, however many admin reads are mounted; it stops with the last of them.
let listening: { users: number; stop: () => void } | null = null;

const listen = (queryClient: QueryClient, staleKeys: StaleKeys): (() => void) => {
  if (!listening) {
    const socket = getLiveSocket(queryClient, staleKeys);
    // invalidateChanges fetches a query whose fetch is in flight once that one is done, not cancelled.
    const coalescer = createCoalescer(ADMIN_REFETCH_WINDOW_MS, (key) => void invalidateChanges(queryClient, () => [key], [{ scope: 'admin' }]));
    const offChanged = socket.onMessage('changed', (message) => {
      if (message.scope === 'admin') for (const key of adminChangeKeys) coalescer.add(key);
    });
    const offStored = socket.onMessage('analytics_stored', () => {
      for (const key of analyticsStoredKeys) coalescer.add(key);
    });
    const offMetrics = socket.onMessage('metrics_stored', () => {
      for (const key of metricsStoredKeys) coalescer.add(key);
    });
    const offInteractions = socket.onMessage('interactions_stored', () => {
      for (const key of interactionsStoredKeys) coalescer.add(key);
    });
    const offErrors = socket.onMessage('errors_stored', () => {
      for (const key of errorsStoredKeys) coalescer.add(key);
    });
    const offLedgerAudit = socket.onMessage(LEDGER_AUDIT_CHANGED, () => {
      for (const key of ledgerAuditChangedKeys) coalescer.add(key);
    });
    listening = {
      users: 0,
      stop: () => {
        offChanged();
        offStored();
        offMetrics();
        offInteractions();
        offErrors();
        offLedgerAudit();
        coalescer.stop();
      },
    };
  }
  const current = listening;
  current.users += 1;
  return () => {
    current.users -= 1;
    if (current.users > 0 || listening !== current) return;
    current.stop();
    listening = null;
  };
};

/** Called by every admin read hook: keeps the admin area's socket listener while any of them is mounted. */
export const useAdminLive = (): void => {
  const queryClient = useQueryClient();
  const staleKeys = useContext(StaleKeysContext);
  useEffect(() => (staleKeys ? listen(queryClient, staleKeys) : undefined), [queryClient, staleKeys]);
};
