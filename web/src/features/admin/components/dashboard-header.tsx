// The dashboard header's controls (spec 002 §2): live mode on or off, 'Refresh All' (every admin query
// read again) and 'Test Email'. Live means pushed over /ws; while the socket is down the spec's
// intervals take over, and the line under the switch says which is happening.
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { RefreshCw } from 'lucide-react';
import { STATS_FALLBACK_MS } from '@contracts/admin-stats';
import { useLiveStatus } from '@/lib/live-socket';
import { Button } from '@/ui/button';
import { adminKeys } from '../api/keys';
import { useDashboardUi } from '../dashboard-store';
import { TestEmailButton } from './test-email-button';

/** What live mode is doing now, for the line under the switch. */
export const liveStatusText = (live: boolean, connected: boolean): string =>
  !live ? 'Paused: figures change when you refresh' : connected ? 'Updates as they happen' : `Reconnecting: refreshing every ${STATS_FALLBACK_MS / 1000} s`;

export const LiveSwitchView = ({ live, connected, onChange }: { live: boolean; connected: boolean; onChange: (live: boolean) => void }) => (
  <div className="flex flex-col items-start gap-1">
    <button
      type="button"
      role="switch"
      aria-checked={live}
      onClick={() => onChange(!live)}
      className="inline-flex h-8 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      data-testid="live-switch"
    >
      <span className={clsx('relative inline-flex h-4 w-7 shrink-0 rounded-full transition-colors', live ? 'bg-emerald-600' : 'bg-slate-400')} aria-hidden>
        <span className={clsx('absolute top-0.5 h-3 w-3 rounded-full bg-white transition-all', live ? 'left-3.5' : 'left-0.5')} />
      </span>
      Live
    </button>
    <p className="text-xs text-slate-600" data-testid="live-status">
      {liveStatusText(live, connected)}
    </p>
  </div>
);

const LiveSwitch = () => {
  const live = useDashboardUi((s) => s.live);
  const setLive = useDashboardUi((s) => s.setLive);
  const connected = useLiveStatus((s) => s.connected);
  return <LiveSwitchView live={live} connected={connected} onChange={setLive} />;
};

const RefreshAll = () => {
  const client = useQueryClient();
  const askRefresh = useDashboardUi((s) => s.askRefresh);
  const fetching = useIsFetching({ queryKey: adminKeys.all }) > 0;
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={() => {
        // Paused reads (live mode off) are let through once; the others are read again at once.
        askRefresh();
        void client.invalidateQueries({ queryKey: adminKeys.all });
      }}
      data-testid="refresh-all"
    >
      <RefreshCw className={clsx('h-4 w-4', fetching && 'animate-spin')} aria-hidden /> Refresh All
    </Button>
  );
};

export const DashboardHeaderActions = () => (
  <div className="flex flex-wrap items-start gap-2">
    <LiveSwitch />
    <RefreshAll />
    <TestEmailButton />
  </div>
);
