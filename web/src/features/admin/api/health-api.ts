// The health grade with its checks (GET /api/admin/health-metrics) and the newest metrics samples (GET
// /api/admin/metrics). Pushed over /ws while live (each stored sample batch says `metrics_stored`); the
// spec's 15 s and 10 s are only the fallback while the socket is down (§9).
import { useQuery } from '@tanstack/react-query';
import { HEALTH_FALLBACK_MS, METRICS_FALLBACK_MS, METRICS_LIMIT_DEFAULT, type HealthMetrics, type MetricSampleView } from '@contracts/admin-health';
import { useLiveFallbackInterval } from '@/lib/live-socket';
import { useLiveGate } from '../dashboard-store';
import { useAdminLive } from './admin-live';
import { adminRead } from './admin-read';
import { adminKeys } from './keys';

export const useHealthMetrics = () => {
  useAdminLive();
  return useQuery({
    queryKey: adminKeys.healthMetrics(),
    queryFn: (context) => adminRead<HealthMetrics>('/api/admin/health-metrics', context),
    refetchInterval: useLiveFallbackInterval(HEALTH_FALLBACK_MS),
    enabled: useLiveGate(),
  });
};

export const useMetricSamples = () => {
  useAdminLive();
  return useQuery({
    queryKey: adminKeys.metrics(),
    queryFn: (context) => adminRead<MetricSampleView[]>(`/api/admin/metrics?limit=${METRICS_LIMIT_DEFAULT}`, context),
    refetchInterval: useLiveFallbackInterval(METRICS_FALLBACK_MS),
    enabled: useLiveGate(),
  });
};
