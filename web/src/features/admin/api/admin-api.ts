// Reads of the /api/admin scope. The followers' positions move with every event and the runtime sends
// no notice for them yet, so their view polls while the page is open.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminActivitiesResponse } from '@contracts/admin-activities';
import type { ActivitiesResponse } from '@contracts/analytics';
import { useLiveFallbackInterval } from '@/lib/live-socket';
import type { AdminMe } from '@contracts/admin-me';
import { FOLLOWERS_REBUILD_POLL_MS, type FollowerAction, type FollowersResponse } from '@contracts/admin-operations';
import type { TestEmailResult } from '@contracts/test-email';
import { sendJson } from '@/lib/http';
import { useLiveGate } from '../dashboard-store';
import { useAdminLive } from './admin-live';
import { adminRead } from './admin-read';
import { adminKeys } from './keys';

export const FOLLOWERS_POLL_MS = 5_000;

export const useAdminMe = () =>
  useQuery({
    queryKey: adminKeys.me(),
    queryFn: (context) => adminRead<AdminMe>('/api/admin/me', context),
    staleTime: Infinity,
  });

export const useFollowers = () =>
  useQuery({
    queryKey: adminKeys.followers(),
    queryFn: async (context) => (await adminRead<FollowersResponse>('/api/admin/operations/followers', context)).followers,
    // A rebuild's progress bar moves every second while one runs.
    refetchInterval: (query) => (query.state.data?.some((f) => f.rebuild) ? FOLLOWERS_REBUILD_POLL_MS : FOLLOWERS_POLL_MS),
  });

/** A control of one follower (issue 33 point 6); the answer is every follower's status after it. */
export const useFollowerControl = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, action, reason }: { name: string; action: FollowerAction; reason?: string }) =>
      sendJson<FollowersResponse>(`/api/admin/operations/${encodeURIComponent(name)}/${action}`, { body: reason ? { reason } : {} }),
    onSuccess: (answer) => client.setQueryData(adminKeys.followers(), answer.followers),
  });
};

/** The spec's 25 s for admin-activities (§9), only while the socket is down. */
export const ADMIN_ACTIVITIES_FALLBACK_MS = 25_000;

/** The newest page of the admins' own actions (GET /api/admin/admin-activities). */
export const useAdminActivities = () => {
  useAdminLive();
  return useQuery({
    queryKey: adminKeys.adminActivities(),
    queryFn: (context) => adminRead<AdminActivitiesResponse>('/api/admin/admin-activities', context),
    refetchInterval: useLiveFallbackInterval(ADMIN_ACTIVITIES_FALLBACK_MS),
  });
};

/** Sends the admin a test e-mail; the answer comes once SMTP has answered. The attempt joins the admin activities. */
export const useSendTestEmail = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<TestEmailResult>('/api/admin/test-email'),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.adminActivities() }),
  });
};

// The Live Activity: page views, navigations, sign-ins and the members' actions, read again when a batch
// is stored or an admin read model changes (admin-live.ts); while the socket is down it polls at the
// spec's 15 s (spec 002 §9).
export const ACTIVITIES_FALLBACK_MS = 15_000;
export const ACTIVITIES_LIMIT = 500;

/** Governed by the dashboard's live switch (dashboard-store.ts): paused, it is read only on 'Refresh All'. */
export const useActivities = () => {
  useAdminLive();
  return useQuery({
    queryKey: adminKeys.activities(),
    queryFn: async (context) => (await adminRead<ActivitiesResponse>(`/api/admin/activities?limit=${ACTIVITIES_LIMIT}`, context)).activities,
    refetchInterval: useLiveFallbackInterval(ACTIVITIES_FALLBACK_MS),
    enabled: useLiveGate(),
  });
};
