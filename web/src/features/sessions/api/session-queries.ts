// Reads of one session and what hangs off it, and of the sessions shared with another member; keys.ts
// says which changes make each stale.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailableSlots, Modification, MutualAvailability, Session, ThreadMessage } from '@contracts/sessions';
import { getJson } from '@/lib/http';
import { sessionKeys } from './keys';

const path = (id: string) => `/api/sessions/${encodeURIComponent(id)}`;

export const sessionQuery = (id: string) => queryOptions({ queryKey: sessionKeys.one(id), queryFn: ({ signal }) => getJson<Session>(path(id), { signal }) });

export const threadQuery = (id: string) =>
  queryOptions({ queryKey: sessionKeys.thread(id), queryFn: ({ signal }) => getJson<ThreadMessage[]>(`${path(id)}/thread`, { signal }) });

export const useThread = (id: string, enabled: boolean) => useQuery({ ...threadQuery(id), enabled });

export const modificationsQuery = (id: string) =>
  queryOptions({
    queryKey: sessionKeys.modifications(id),
    queryFn: ({ signal }) => getJson<Modification[]>(`${path(id)}/modifications`, { signal }),
  });

export const useModifications = (id: string, enabled = true) => useQuery({ ...modificationsQuery(id), enabled });

export const mutualAvailabilityQuery = (id: string, monthOffset: number) =>
  queryOptions({
    queryKey: sessionKeys.mutualAvailability(id, monthOffset),
    queryFn: ({ signal }) => getJson<MutualAvailability>(`${path(id)}/mutual-availability?monthOffset=${monthOffset}`, { signal }),
    staleTime: 30_000,
  });

export const useMutualAvailability = (id: string, monthOffset: number, enabled = true) => useQuery({ ...mutualAvailabilityQuery(id, monthOffset), enabled });

/** The slots a reschedule proposal may take: the booking page's contract, for this session's mentor and length. */
export const rescheduleSlotsQuery = (id: string, monthOffset: number) =>
  queryOptions({
    queryKey: sessionKeys.rescheduleSlots(id, monthOffset),
    queryFn: ({ signal }) => getJson<AvailableSlots>(`${path(id)}/reschedule-slots?monthOffset=${monthOffset}`, { signal }),
    staleTime: 30_000,
  });

export const useRescheduleSlots = (id: string, monthOffset: number, enabled = true) => useQuery({ ...rescheduleSlotsQuery(id, monthOffset), enabled });

export const calendarFileUrl = (id: string) => `${path(id)}/calendar.ics`;

/** GET /api/users/{other}/sessions: the sessions the viewer shares with that member. */
export const sessionsWithQuery = (me: string, other: string) =>
  queryOptions({
    queryKey: sessionKeys.sharedWith(me, other),
    queryFn: ({ signal }) => getJson<Session[]>(`/api/users/${encodeURIComponent(other)}/sessions`, { signal }),
  });

export const useSessionsWith = (me: string, other: string) => useQuery(sessionsWithQuery(me, other));
