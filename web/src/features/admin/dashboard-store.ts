// The dashboard's UI state (spec 002 §2, §4): whether live mode is on, and when the admin last asked
// for 'Refresh All'. Live means pushed over /ws, with the spec's intervals only while the socket is
// down; off means the figures stay as they are until the admin refreshes them.
import { useMemo } from 'react';
import { create } from 'zustand';
import type { StoppedStep } from '@contracts/admin-stats';

interface DashboardUiState {
  live: boolean;
  /** When 'Refresh All' was last pressed (ms); a paused read older than this is fetched once more. */
  refreshAskedAt: number;
  /** The journey step whose stopped members are listed, if their list is open. */
  stoppedStep: StoppedStep | null;
  setLive: (live: boolean) => void;
  askRefresh: () => void;
  openStopped: (step: StoppedStep | null) => void;
}

export const useDashboardUi = create<DashboardUiState>()((set) => ({
  live: true,
  refreshAskedAt: 0,
  stoppedStep: null,
  setLive: (live) => set({ live }),
  askRefresh: () => set({ refreshAskedAt: Date.now() }),
  openStopped: (stoppedStep) => set({ stoppedStep }),
}));

/**
 * The `enabled` of a read the live toggle governs. A disabled query is skipped by every invalidation
 * (the socket's pushes) and by refetchInterval, so with live mode off a read is enabled only until it
 * has its first answer, and again until it answers after the last 'Refresh All'.
 */
export const liveGate = (live: boolean, refreshAskedAt: number) => (query: { state: { dataUpdatedAt: number } }) =>
  live || query.state.dataUpdatedAt === 0 || query.state.dataUpdatedAt < refreshAskedAt;

export const useLiveGate = () => {
  const live = useDashboardUi((s) => s.live);
  const refreshAskedAt = useDashboardUi((s) => s.refreshAskedAt);
  return useMemo(() => liveGate(live, refreshAskedAt), [live, refreshAskedAt]);
};
