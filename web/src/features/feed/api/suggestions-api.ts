// '@' and '#' suggestions in the composer and comment boxes (spec 001 §2.4, §5: from one character),
// from GET /api/users/search and GET /api/skills/search. A failed search suggests nothing.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/http';
import { feedKeys } from './keys';

export interface Suggestion {
  id: string;
  name: string;
  detail?: string | null;
  avatar?: string | null;
}

type Row = Record<string, unknown>;

const rowsOf = (body: unknown): Row[] => {
  if (Array.isArray(body)) return body as Row[];
  const b = (body ?? {}) as Row;
  for (const key of ['users', 'skills', 'results', 'data']) if (Array.isArray(b[key])) return b[key] as Row[];
  return [];
};

const toSuggestion = (row: Row): Suggestion => ({
  id: String(row.id ?? row.name ?? ''),
  name: String(row.name ?? row.username ?? ''),
  detail: typeof row.category === 'string' ? row.category : null,
  avatar: typeof row.avatar === 'string' ? row.avatar : typeof row.profileImageUrl === 'string' ? row.profileImageUrl : null,
});

const search = (kind: 'users' | 'skills', q: string, signal: AbortSignal) =>
  getJson<unknown>(`/api/${kind}/search?${new URLSearchParams({ q })}`, { signal }).then((body) =>
    rowsOf(body)
      .map(toSuggestion)
      .filter((s) => s.name)
      .slice(0, 8),
  );

export const useSuggestions = (trigger: '@' | '#' | null, q: string) =>
  useQuery({
    queryKey: trigger === '#' ? feedKeys.skillSearch(q) : feedKeys.userSearch(q),
    queryFn: ({ signal }) => search(trigger === '#' ? 'skills' : 'users', q, signal),
    enabled: trigger !== null && q.length >= 1,
    staleTime: 30_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
