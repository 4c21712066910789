// The audit screens' reads (issue 33 points 1-2): the event browser's keyset pages, a correlation's chain
// and a stream's state at a position. The log's past never changes, so nothing here polls: a newer page is
// one "Load more" or a filter change away.
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminChain, AdminEventsPage } from '@contracts/admin-events';
import type { AdminStream } from '@contracts/admin-streams';
import { adminRead } from './admin-read';
import { isStatus } from '@/lib/http';
import { adminKeys } from './keys';

/** The browser's filters as the URL and the API both name them. */
export const EVENT_FILTERS = ['stream', 'streamMatch', 'type', 'member', 'memberAs', 'from', 'to', 'correlation'] as const;
export type EventFilter = (typeof EVENT_FILTERS)[number];
export type EventFilters = Partial<Record<EventFilter, string>>;

export const filtersOf = (params: URLSearchParams): EventFilters =>
  Object.fromEntries(EVENT_FILTERS.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])));

/** A typed or linked time as an instant; a text that is no time goes as it is, for the server to refuse and say why. */
export const instantOf = (text: string) => {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
};

export const eventsUrl = (filters: EventFilters, cursor: string | null) => {
  const params = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '') as [string, string][]);
  // Times typed in the browser's datetime-local fields are local: the API wants instants with their zone.
  for (const field of ['from', 'to'] as const) if (filters[field]) params.set(field, instantOf(filters[field]));
  if (cursor) params.set('cursor', cursor);
  return `/api/admin/events?${params.toString()}`;
};

/** The log position the browser starts from (`?at=`, newest first from it): where a ledger finding was seen. */
export const atOf = (params: URLSearchParams): string | null => {
  const at = params.get('at');
  return at && /^(0|[1-9]\d{0,18})$/.test(at) ? at : null;
};

/** The browser from a log position down, in one stream when given (a member's ledger). */
export const logPositionLink = (position: string, streamId?: string | null) =>
  `/admin/events?${new URLSearchParams({ ...(streamId ? { stream: streamId, streamMatch: 'exact' } : {}), at: position }).toString()}`;

export const useAdminEvents = (filters: EventFilters, at: string | null = null) => {
  const client = useQueryClient();
  const key = eventsUrl(filters, null) + (at === null ? '' : `#at=${at}`);
  return useInfiniteQuery({
    queryKey: adminKeys.events(key),
    queryFn: ({ pageParam, signal }) => adminRead<AdminEventsPage>(eventsUrl(filters, pageParam), { signal, client }),
    // Newest first, a page's cursor is the position its events come before: the one after `at` starts at `at`.
    initialPageParam: at === null ? null : (BigInt(at) + BigInt(1)).toString(),
    getNextPageParam: (last) => last.next,
    // A refused filter (400) says why at once; asking again would only repeat it.
    retry: (count, error) => !isStatus(error, 400) && count < 2,
  });
};

export const useCorrelationChain = (correlationId: string | null) =>
  useQuery({
    queryKey: adminKeys.chain(correlationId ?? ''),
    queryFn: (context) => adminRead<AdminChain>(`/api/admin/correlations/${encodeURIComponent(correlationId!)}`, context),
    enabled: correlationId !== null,
  });

export const useStreamAt = (streamId: string, at: number | null) =>
  useQuery({
    queryKey: adminKeys.stream(streamId, at),
    queryFn: (context) => adminRead<AdminStream>(`/api/admin/streams/${encodeURIComponent(streamId)}${at === null ? '' : `?at=${at}`}`, context),
    // Stepping keeps the last state on screen until the next one arrives.
    placeholderData: keepPreviousData,
    // No such stream or position (404) and a refused one (400) say so at once.
    retry: (count, error) => !isStatus(error, 404) && !isStatus(error, 400) && count < 1,
  });
