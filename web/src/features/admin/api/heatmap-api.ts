// The heat map's read (GET /api/admin/live-activity, spec 002 §7), read again when a batch of points is
// stored (admin-live.ts: `interactions_stored`, at most once a second) and, while the socket is down,
// every 30 s. A failure carries the spec's text (§8): 'Failed to fetch live activity data: {status} {text}'.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HEATMAP, heatmapTexts, type HeatmapWindow, type ViewportBand } from '@contracts/heatmap-limits';
import type { HeatmapResponse } from '@contracts/heatmap';
import { ApiError } from '@/lib/http';
import { useLiveFallbackInterval } from '@/lib/live-socket';
import { useAdminLive } from './admin-live';
import { adminRead } from './admin-read';
import { adminKeys } from './keys';

export const HEATMAP_FALLBACK_MS = 30_000;

export interface HeatmapFilter {
  timeRange: HeatmapWindow;
  /** A path, or 'all'. */
  page: string;
  band: ViewportBand;
}

export const heatmapUrl = ({ timeRange, page, band }: HeatmapFilter): string =>
  `/api/admin/live-activity?${new URLSearchParams({ timeRange, page, limit: String(HEATMAP.recordsMax), band }).toString()}`;

export const useHeatmap = (filter: HeatmapFilter) => {
  useAdminLive();
  return useQuery({
    queryKey: adminKeys.heatmapOf(filter.timeRange, filter.page, filter.band),
    queryFn: async (context) => {
      try {
        return (await adminRead<HeatmapResponse>(heatmapUrl(filter), context)).data;
      } catch (error) {
        if (error instanceof ApiError) throw new Error(heatmapTexts.fetchFailed(error.status, error.serverMessage ?? error.message.replace(/^Query failed: /, '')));
        throw error;
      }
    },
    // Another window or page keeps the last map on screen until the new one arrives.
    placeholderData: keepPreviousData,
    refetchInterval: useLiveFallbackInterval(HEATMAP_FALLBACK_MS),
  });
};
