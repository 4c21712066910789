// One member's ledger movements (issue 33 point 3), oldest first: each with its other side (the mentor who
// received a transfer, the student it came from), what it changed and the running balance after it, as the
// ledger's own fold gives them. A table from 768 px, a card per movement below.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ledgerAuditTexts as texts, type LedgerMovement } from '@contracts/admin-ledger-audit';
import { formatDateTime } from '@/lib/dates';
import { useMediaQuery } from '@/lib/use-media-query';
import { DataTable } from '@/ui/table/data-table';
import type { DataColumn, TableStatus } from '@/ui/table/types';
import { logPositionLink } from '../api/audit-api';
import { movementsLink } from '../api/ledger-audit-api';
import { streamLink } from './event-row';

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
const role: Record<string, string> = { HoldAdjudicated: 'mentor', PointsReceived: 'student' };

/** What moved: '+3 available', '−1 available, +1 held', or 'No change' where the ledger ignored the event. */
const Change = ({ change: { available, held } }: { change: LedgerMovement['change'] }) => {
  const parts = [available !== 0 && `${signed(available)} available`, held !== 0 && `${signed(held)} held`].filter((part) => part !== false);
  if (parts.length === 0) return <span className="text-slate-500">No change</span>;
  // Wrapped between the two, never inside one.
  return (
    <>
      <span className="whitespace-nowrap">{parts[0]}</span>
      {parts[1] && (
        <>
          , <span className="whitespace-nowrap">{parts[1]}</span>
        </>
      )}
    </>
  );
};

const OtherSide = ({ movement }: { movement: LedgerMovement }) => {
  const other = movement.counterparty;
  if (!other) return <span className="text-slate-500">None</span>;
  return (
    <span>
      <Link to={movementsLink(other.id)} className="font-medium break-all text-brand-700 underline">
        {other.name ?? other.id}
      </Link>{' '}
      <span className="text-slate-600">({role[movement.type] ?? 'other side'})</span>
    </span>
  );
};

const What = ({ movement, memberId }: { movement: LedgerMovement; memberId: string }) => (
  <div className="min-w-0">
    <p className="font-medium break-words text-slate-900">{movement.description}</p>
    <p className="text-xs break-all text-slate-600">
      {movement.type}
      {movement.sessionId && (
        <>
          {' · '}
          <Link to={streamLink(`session-${movement.sessionId}`)} className="text-brand-700 underline">
            session
          </Link>
        </>
      )}
      {' · '}
      <Link to={logPositionLink(movement.position, `ledger-${memberId}`)} className="text-brand-700 underline">
        log position {movement.position}
      </Link>
    </p>
  </div>
);

const balanceText = (b: LedgerMovement['balance']) => `${b.available} available · ${b.held} held`;

const columns = (memberId: string): DataColumn<LedgerMovement>[] => [
  {
    id: 'when',
    header: 'When',
    width: '12.5rem',
    cell: (m) => (
      <time dateTime={m.occurredAt} className="whitespace-nowrap">
        {formatDateTime(m.occurredAt)}
      </time>
    ),
  },
  { id: 'what', header: 'Movement', cell: (m) => <What movement={m} memberId={memberId} /> },
  { id: 'other', header: 'Other side', width: '11rem', cell: (m) => <OtherSide movement={m} /> },
  { id: 'change', header: 'Change', align: 'end', width: '12rem', cell: (m) => <Change change={m.change} /> },
  { id: 'balance', header: 'Balance after', align: 'end', width: '11rem', cell: (m) => <span className="font-semibold">{balanceText(m.balance)}</span> },
];

const Line = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="flex justify-between gap-3">
    <dt className="text-slate-600">{label}</dt>
    <dd className="text-right text-slate-900 tabular-nums">{children}</dd>
  </div>
);

const MovementCard = ({ movement, memberId }: { movement: LedgerMovement; memberId: string }) => (
  <article className="space-y-2 rounded-lg border border-slate-200 bg-white p-3 text-sm">
    <What movement={movement} memberId={memberId} />
    <dl className="space-y-1">
      <Line label="When">{formatDateTime(movement.occurredAt)}</Line>
      <Line label="Other side">
        <OtherSide movement={movement} />
      </Line>
      <Line label="Change">
        <Change change={movement.change} />
      </Line>
      <Line label="Balance after">
        <span className="font-semibold">{balanceText(movement.balance)}</span>
      </Line>
    </dl>
  </article>
);

export interface MovementsTableProps {
  memberId: string;
  movements: LedgerMovement[];
  status: TableStatus;
  onRetry: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

export const LedgerMovementsTable = ({ memberId, movements, status, onRetry, hasMore, loadingMore, onLoadMore }: MovementsTableProps) => {
  const narrow = useMediaQuery('(max-width: 767px)');
  return (
    <DataTable
      label={texts.movementsTitle}
      columns={columns(memberId)}
      rows={movements}
      rowId={(m) => m.position}
      manual
      status={status}
      onRetry={onRetry}
      errorTitle={texts.movementsFailed}
      empty={<p className="py-10 text-center text-sm text-slate-600">{texts.noMovements}</p>}
      paging={{ kind: 'cursor', hasMore, loadingMore, onLoadMore }}
      renderCard={narrow ? (m) => <MovementCard movement={m} memberId={memberId} /> : undefined}
      bodyData={{ 'data-testid': 'ledger-movements' }}
    />
  );
};
