// /admin/audit/members/:memberId (issue 33 point 3): one member's ledger movements, oldest first, both sides
// and the running balance after each, with the balances read model's row beside the ledger's own balance
// once the last movement is loaded. Reached from a discrepancy and from the inspector's points.
import { ArrowLeft, History, UserSearch } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ledgerAuditTexts as texts, type LedgerMovementsResponse } from '@contracts/admin-ledger-audit';
import { errorText, isStatus } from '@/lib/http';
import { useDocumentTitle } from '@/lib/use-document-title';
import { buttonClasses } from '@/ui/button';
import { Card, CardBody, CardHeader } from '@/ui/card';
import { LoadFailedNotice } from '@/ui/load-failed-notice';
import { Notice } from '@/ui/notice';
import { inspectorLink, useLedgerMovements } from '../api/ledger-audit-api';
import { AdminFrame } from '../components/admin-frame';
import { streamLink } from '../components/event-row';
import { LedgerMovementsTable } from '../components/ledger-movements-table';

type Points = NonNullable<LedgerMovementsResponse['readModel']>;
const same = (a: Points, b: Points) => a.available === b.available && a.held === b.held;
const pointsText = (p: Points | null) => (p ? `${p.available} available, ${p.held} held` : 'no row');

/** The fold's last balance beside the read model's row: only once the end is loaded is it the ledger's latest. */
const Comparison = ({ ledger, readModel, complete }: { ledger: Points | null; readModel: Points | null; complete: boolean }) => {
  if (!complete)
    return (
      <p className="text-sm text-slate-600" data-testid="ledger-comparison">
        The read model holds {pointsText(readModel)}. Load every movement to compare it with the ledger&apos;s latest balance.
      </p>
    );
  // A member with no movement may have no row; one with movements must have theirs.
  const folded = ledger ?? { available: 0, held: 0 };
  const agree = readModel === null ? ledger === null : same(folded, readModel);
  return (
    <Notice
      tone={agree ? 'success' : 'danger'}
      title={agree ? 'The read model agrees with the ledger' : readModel === null ? texts.kinds['missing-row'] : texts.kinds.balance}
      data-testid="ledger-comparison"
    >
      The ledger says {pointsText(folded)}; the read model holds {pointsText(readModel)}.
    </Notice>
  );
};

export const LedgerMovementsPage = () => {
  const memberId = useParams().memberId ?? '';
  const pages = useLedgerMovements(memberId);
  const first = pages.data?.pages[0];
  const name = first?.member.name ?? memberId;
  useDocumentTitle(`Admin: movements of ${name}`);
  const movements = pages.data?.pages.flatMap((page) => page.movements) ?? [];
  const last = pages.data?.pages.at(-1);
  return (
    <AdminFrame title={`${texts.movementsTitle}: ${name}`}>
      <div className="flex flex-wrap gap-2">
        <Link to="/admin/audit" className={buttonClasses('outline', 'sm')}>
          <ArrowLeft className="h-4 w-4" aria-hidden /> {texts.title}
        </Link>
        <Link to={inspectorLink(memberId)} className={buttonClasses('outline', 'sm')}>
          <UserSearch className="h-4 w-4" aria-hidden /> Inspector
        </Link>
        <Link to={streamLink(`ledger-${memberId}`)} className={buttonClasses('outline', 'sm')}>
          <History className="h-4 w-4" aria-hidden /> Ledger stream
        </Link>
      </div>
      {pages.isError && !pages.data ? (
        <LoadFailedNotice title={isStatus(pages.error, 404) ? texts.memberNotFound : texts.movementsFailed} onRetry={() => void pages.refetch()}>
          {errorText(pages.error, 'The server did not answer. Check your connection and try again.')}
        </LoadFailedNotice>
      ) : (
        <Card>
          <CardHeader
            title={`${texts.movementsTitle}, oldest first`}
            description="Each with the other side of a transfer and the balance after it, as the ledger folds them."
          />
          <CardBody className="space-y-4">
            {last && <Comparison ledger={movements.at(-1)?.balance ?? null} readModel={last.readModel} complete={!pages.hasNextPage} />}
            <LedgerMovementsTable
              memberId={memberId}
              movements={movements}
              status={pages.status}
              onRetry={() => void pages.refetch()}
              hasMore={pages.hasNextPage}
              loadingMore={pages.isFetchingNextPage}
              onLoadMore={() => void pages.fetchNextPage()}
            />
          </CardBody>
        </Card>
      )}
    </AdminFrame>
  );
};
