// The ledger audit's discrepancies (issue 33 point 3), newest first: what differs, for whom (linked to the
// inspector and to their movements) and at which log position (linked to the event browser there).
import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { ledgerAuditTexts as texts, type LedgerFinding } from '@contracts/admin-ledger-audit';
import { formatDateTime } from '@/lib/dates';
import { Badge } from '@/ui/badge';
import { buttonClasses } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { DataTable } from '@/ui/table/data-table';
import { logPositionLink } from '../api/audit-api';
import { inspectorLink, movementsLink } from '../api/ledger-audit-api';

const FindingCard = ({ finding }: { finding: LedgerFinding }) => {
  const who = finding.memberName ?? finding.memberId;
  return (
    <article
      className="space-y-2 rounded-lg border border-red-200 bg-white p-4"
      data-testid="ledger-finding"
      data-kind={finding.kind}
      data-member={finding.memberId ?? ''}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="danger">{texts.kinds[finding.kind]}</Badge>
        <span className="text-xs text-slate-600">
          {finding.foundBy === 'full-audit' ? 'Full audit' : 'Continuous check'}, <time dateTime={finding.foundAt}>{formatDateTime(finding.foundAt)}</time>
        </span>
      </div>
      <p className="text-sm text-slate-900">{finding.detail}</p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        <span className="min-w-0 text-slate-600 [overflow-wrap:anywhere]">
          {who ? (
            <>
              Member <span className="font-medium text-slate-900">{who}</span>
            </>
          ) : (
            'The whole economy'
          )}
          {finding.holdId && <>, hold {finding.holdId}</>}, at{' '}
          <Link to={logPositionLink(finding.position, finding.memberId && `ledger-${finding.memberId}`)} className="whitespace-nowrap text-brand-700 underline">
            log position {finding.position}
          </Link>
        </span>
        {finding.memberId && (
          <span className="flex gap-2">
            <Link to={movementsLink(finding.memberId)} className={buttonClasses('outline', 'sm')} aria-label={`Movements of ${who}`}>
              Movements
            </Link>
            <Link to={inspectorLink(finding.memberId)} className={buttonClasses('outline', 'sm')} aria-label={`${who} in the inspector`}>
              Inspector
            </Link>
          </span>
        )}
      </div>
    </article>
  );
};

export const LedgerFindings = ({ findings }: { findings: LedgerFinding[] }) => (
  <DataTable
    label={texts.findingsTitle}
    columns={[]}
    rows={findings}
    rowId={(finding) => finding.id}
    manual
    status="success"
    empty={
      <EmptyState icon={<ShieldCheck />} title={texts.clean}>
        Neither check has found a balance that differs from the ledger.
      </EmptyState>
    }
    renderCard={(finding) => <FindingCard finding={finding} />}
    bodyData={{ 'data-testid': 'ledger-findings' }}
  />
);
