// The nav bar's points, and behind them the member's points history: every entry of their ledger, newest
// first (the welcome bonus, holds and refunds, points received, an admin's corrections with the reason),
// live while open (the 'ledger' topic).
import clsx from 'clsx';
import { Coins } from 'lucide-react';
import { useState } from 'react';
import type { Transaction } from '@contracts/members';
import { relativeAge } from '@/lib/dates';
import { Chip } from '@/ui/chip';
import { Popover, PopoverContent, PopoverTrigger } from '@/ui/popover';
import { Spinner } from '@/ui/spinner';
import { useBalance } from '../api/balance';
import { useTransactions } from '../api/transactions';

const kinds: Record<string, string> = {
  welcome: 'Welcome bonus',
  hold: 'Held for a session',
  refund: 'Refund',
  transfer_in: 'Earned',
  transfer_out: 'Paid',
  correction: 'Correction',
};

const Entry = ({ entry }: { entry: Transaction }) => (
  <li className="flex items-start justify-between gap-3 px-4 py-2.5" data-transaction-type={entry.type}>
    <div className="min-w-0">
      <p className="text-sm font-medium text-slate-900">{kinds[entry.type] ?? entry.type}</p>
      <p className="truncate text-xs text-slate-600" title={entry.description}>
        {entry.description}
      </p>
    </div>
    <div className="shrink-0 text-right">
      <p className={clsx('text-sm font-semibold tabular-nums', entry.amount < 0 ? 'text-red-700' : 'text-emerald-700')}>
        {entry.amount > 0 ? `+${entry.amount}` : entry.amount}
      </p>
      <time dateTime={entry.created_at} className="text-xs text-slate-600">
        {relativeAge(entry.created_at)}
      </time>
    </div>
  </li>
);

const History = ({ userId }: { userId: string }) => {
  const history = useTransactions(userId, true);
  if (history.isPending) return <Spinner label="Loading your points history" className="m-4" />;
  if (history.isError) return <p className="p-4 text-sm text-red-700">Failed to load your points history</p>;
  if (history.data.length === 0) return <p className="p-4 text-sm text-slate-600">No points moved yet</p>;
  return (
    <ol className="max-h-80 divide-y divide-slate-100 overflow-y-auto" data-testid="points-history">
      {history.data.map((entry) => (
        <Entry key={entry.id} entry={entry} />
      ))}
    </ol>
  );
};

export const PointsChip = ({ userId }: { userId: string }) => {
  const [open, setOpen] = useState(false);
  const balance = useBalance(userId);
  const points = balance.data?.availablePoints;
  const held = balance.data?.heldPoints ?? 0;
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger
        className="rounded-full focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        data-testid="points-chip"
        title={held > 0 ? `${held} point(s) held for requested sessions` : 'Your available points'}
        aria-label={points === undefined ? 'Points loading' : `${points} points available: show your points history`}
      >
        <Chip tone="amber" icon={<Coins className="h-4 w-4" />}>
          <span className="tabular-nums">{points ?? '–'}</span>
          <span className="hidden sm:inline">pts</span>
        </Chip>
      </PopoverTrigger>
      <PopoverContent label="Points history">
        <div className="border-b border-slate-100 px-4 py-3">
          <p className="text-sm font-semibold text-slate-900">Points history</p>
          <p className="text-xs text-slate-600">
            {points ?? '–'} available{held > 0 ? `, ${held} held for requested sessions` : ''}
          </p>
        </div>
        {open && <History userId={userId} />}
      </PopoverContent>
    </Popover>
  );
};
