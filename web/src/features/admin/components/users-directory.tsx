// The admin directory's list (spec 002 §2): search by name or e-mail, the All / Active / Inactive filter,
// and the cards, virtualised and paged by the server's cursor so 100,000 members scroll smoothly.
import { useEffect, useState } from 'react';
import { adminUsersTexts, userFilters, type UserFilter } from '@contracts/admin-users';
import { useMediaQuery } from '@/lib/use-media-query';
import { useNow } from '@/lib/use-now';
import { UserSearchInput } from './user-search-input';
import { DataTable } from '@/ui/table/data-table';
import { useAdminUsers } from '../api/users-api';
import { UserCard } from './user-card';

const filterLabels: Record<UserFilter, string> = { all: 'All', active: 'Active', inactive: 'Inactive' };
/** A search is sent once typing pauses this long. */
const SEARCH_PAUSE_MS = 250;

const VIEW_HEIGHT = 640;
const narrowQuery = '(max-width: 639px)';

/** Cards stack their facts below 640 px, about twice as tall: the list's first guess of a card's height. */
const useNarrow = () => useMediaQuery(narrowQuery);

export const useSettled = (value: string, ms = SEARCH_PAUSE_MS) => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
};

export const UsersDirectory = () => {
  const [typed, setTyped] = useState('');
  const [filter, setFilter] = useState<UserFilter>('all');
  const search = useSettled(typed.trim());
  const users = useAdminUsers(search, filter);
  const now = useNow();
  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];
  const rowHeight = useNarrow() ? 250 : 112;
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <UserSearchInput value={typed} onChange={setTyped} label="Search users by name or e-mail" className="flex-1" />
        <div role="radiogroup" aria-label="Show users" className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
          {userFilters.map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={filter === value}
              onClick={() => setFilter(value)}
              className={
                filter === value
                  ? 'rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white'
                  : 'rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100'
              }
            >
              {filterLabels[value]}
            </button>
          ))}
        </div>
      </div>
      <DataTable
        label="Users"
        columns={[]}
        rows={rows}
        rowId={(user) => user.id}
        manual
        status={users.status}
        busy={users.isFetching}
        onRetry={() => void users.refetch()}
        errorTitle="Could not load the users"
        empty={<p className="py-10 text-center text-sm text-slate-600">{adminUsersTexts.empty}</p>}
        paging={{ kind: 'cursor', hasMore: users.hasNextPage, loadingMore: users.isFetchingNextPage, onLoadMore: () => void users.fetchNextPage() }}
        // The list is as tall as its cards, up to a screen; beyond that it scrolls inside.
        virtual={{ height: Math.min(VIEW_HEIGHT, Math.max(1, rows.length) * (rowHeight + 16)), rowHeight }}
        renderCard={(user) => <UserCard user={user} now={now} />}
        bodyData={{ 'data-testid': 'admin-users-list' }}
      />
    </div>
  );
};
