// The inspector's dropdown of members (spec 002 §2 User Inspector): name (or 'Unnamed User'), e-mail,
// points and join date; searchable and paged by the server, so it opens as fast on 100,000 members.
import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { adminUsersTexts, type AdminUser } from '@contracts/admin-users';
import { formatDate } from '@/lib/dates';
import { Button } from '@/ui/button';
import { UserSearchInput } from './user-search-input';
import { Spinner } from '@/ui/spinner';
import { useAdminUsers } from '../api/users-api';
import { useSettled } from './users-directory';

const Option = ({ user, selected, onPick }: { user: AdminUser; selected: boolean; onPick: () => void }) => (
  <li>
    <button
      type="button"
      aria-pressed={selected}
      onClick={onPick}
      className={clsx(
        'flex w-full flex-wrap items-baseline justify-between gap-x-3 rounded-md px-3 py-2 text-left text-sm hover:bg-slate-100',
        selected && 'bg-brand-50',
      )}
      data-testid="user-picker-option"
    >
      <span className="min-w-0">
        <span className="block font-medium text-slate-900">{user.name || adminUsersTexts.unnamed}</span>
        <span className="block truncate text-slate-600">{user.email}</span>
      </span>
      <span className="text-xs text-slate-600">
        {user.points} points · joined {formatDate(user.joinedDate)}
      </span>
    </button>
  </li>
);

export interface UserPickerProps {
  selectedId: string | null;
  /** What the closed dropdown shows for the selected member (their name and e-mail, once known). */
  selectedLabel: string | null;
  onSelect: (userId: string) => void;
}

export const UserPicker = ({ selectedId, selectedLabel, onSelect }: UserPickerProps) => {
  const [open, setOpen] = useState(selectedId === null);
  const [typed, setTyped] = useState('');
  const search = useSettled(typed.trim());
  const users = useAdminUsers(search, 'all', open);
  const listId = useId();
  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];
  return (
    <div className="space-y-2">
      <Button variant="outline" className="w-full justify-between" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        <span className="truncate">{selectedId === null ? 'Choose a user' : (selectedLabel ?? 'Loading...')}</span>
        <ChevronDown className="h-4 w-4" aria-hidden />
      </Button>
      {open && (
        <div id={listId} className="space-y-2 rounded-lg border border-slate-200 bg-white p-2 shadow-sm">
          <UserSearchInput value={typed} onChange={setTyped} label="Search the users to inspect" />
          <div className="max-h-72 overflow-y-auto" role="region" aria-label="Users to inspect" tabIndex={0}>
            {users.isPending ? (
              <div className="flex justify-center py-4">
                <Spinner label="Loading users" />
              </div>
            ) : rows.length === 0 ? (
              <p className="px-3 py-4 text-sm text-slate-600">{users.isError ? 'Could not load the users.' : adminUsersTexts.noUsers}</p>
            ) : (
              <ul>
                {rows.map((user) => (
                  <Option
                    key={user.id}
                    user={user}
                    selected={selectedId === user.id}
                    onPick={() => {
                      onSelect(user.id);
                      setOpen(false);
                    }}
                  />
                ))}
              </ul>
            )}
            {users.hasNextPage && (
              <Button variant="ghost" size="sm" className="mt-1 w-full" loading={users.isFetchingNextPage} onClick={() => void users.fetchNextPage()}>
                Load more users
              </Button>
            )}
          </div>
        </div>
      )}
    </div>
  );
};
