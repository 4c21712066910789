// The AI Analytics tab's figures (GET /api/admin/ai/analytics), read again when the admin read models
// announce a change over /ws (admin-live.ts); the spec's 30 s only while the socket is down (§9).
import { useQuery } from '@tanstack/react-query';
import { AI_ANALYTICS_FALLBACK_MS, type AiAnalytics } from '@contracts/admin-ai-analytics';
import { useLiveFallbackInterval } from '@/lib/live-socket';
import { useLiveGate } from '../dashboard-store';
import { useAdminLive } from './admin-live';
import { adminRead } from './admin-read';
import { adminKeys } from './keys';

/** Governed by the dashboard's live switch like the other tabs: paused, it is read only on 'Refresh All'. */
export const useAiAnalytics = () => {
  useAdminLive();
  return useQuery({
    queryKey: adminKeys.aiAnalytics(),
    queryFn: (context) => adminRead<AiAnalytics>('/api/admin/ai/analytics', context),
    refetchInterval: useLiveFallbackInterval(AI_ANALYTICS_FALLBACK_MS),
    enabled: useLiveGate(),
  });
};
