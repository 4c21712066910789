// Reads of one session and what hangs off it. Keys sit under ['sessions', id], which the websocket's
// session notice invalidates for both participants; the list of sessions shared with another member
// sits under the viewer's own ['users', me] key, refreshed by the viewer's user notice.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Modification, MutualAvailability, Session, ThreadMessage } from '@contracts/sessions';
import { getJson } from '@/lib/http';

const path = (id: string) => `/api/sessions/${encodeURIComponent(id)}`;

export const sessionKey = (id: string) => ['sessions', id] as const;

export const sessionQuery = (id: string) =>
  queryOptions({ queryKey: sessionKey(id), queryFn: ({ signal }) => getJson<Session>(path(id), { signal }) });

export const threadQuery = (id: string) =>
  queryOptions({ queryKey: [...sessionKey(id), 'thread'] as const, queryFn: ({ signal }) => getJson<ThreadMessage[]>(`${path(id)}/thread`, { signal }) });

export const useThread = (id: string, enabled: boolean) => useQuery({ ...threadQuery(id), enabled });

export const modificationsQuery = (id: string) =>
  queryOptions({
    queryKey: [...sessionKey(id), 'modifications'] as const,
    queryFn: ({ signal }) => getJson<Modification[]>(`${path(id)}/modifications`, { signal }),
  });

export const useModifications = (id: string, enabled = true) => useQuery({ ...modificationsQuery(id), enabled });

export const mutualAvailabilityQuery = (id: string, monthOffset: number) =>
  queryOptions({
    queryKey: [...sessionKey(id), 'mutual-availability', monthOffset] as const,
    queryFn: ({ signal }) => getJson<MutualAvailability>(`${path(id)}/mutual-availability?monthOffset=${monthOffset}`, { signal }),
    staleTime: 30_000,
  });

export const useMutualAvailability = (id: string, monthOffset: number, enabled = true) =>
  useQuery({ ...mutualAvailabilityQuery(id, monthOffset), enabled });

export const calendarFileUrl = (id: string) => `${path(id)}/calendar.ics`;

/** GET /api/users/{other}/sessions: the sessions the viewer shares with that member. */
export const sessionsWithQuery = (me: string, other: string) =>
  queryOptions({
    queryKey: ['users', me, 'sessions-with', other] as const,
    queryFn: ({ signal }) => getJson<Session[]>(`/api/users/${encodeURIComponent(other)}/sessions`, { signal }),
  });

export const useSessionsWith = (me: string, other: string) => useQuery(sessionsWithQuery(me, other));
