// /admin/audit (issue 33 point 3): the ledger audit. The continuous check's state, the latest or running full
// audit with its progress and the button that starts one, and the discrepancies either check found, each
// leading to the member's movements (/admin/audit/members/:memberId), the inspector and the event browser.
import { Scale } from 'lucide-react';
import { ledgerAuditTexts as texts } from '@contracts/admin-ledger-audit';
import { errorText } from '@/lib/http';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Card, CardBody, CardHeader } from '@/ui/card';
import { LoadFailedNotice } from '@/ui/load-failed-notice';
import { Spinner } from '@/ui/spinner';
import { useLedgerAudit } from '../api/ledger-audit-api';
import { AdminFrame } from '../components/admin-frame';
import { ContinuousCheck, FullAudit } from '../components/ledger-audit-status';
import { LedgerFindings } from '../components/ledger-findings';

const Audit = () => {
  const audit = useLedgerAudit();
  if (audit.isPending)
    return (
      <div className="flex justify-center py-12" data-testid="ledger-audit-loading">
        <Spinner label="Loading the ledger audit" />
      </div>
    );
  // A failed poll keeps the last answer on screen; only a first read that failed has nothing to show.
  if (audit.isError && !audit.data)
    return (
      <LoadFailedNotice title={texts.failed} onRetry={() => void audit.refetch()}>
        {errorText(audit.error, 'The server did not answer. Check your connection and try again.')}
      </LoadFailedNotice>
    );
  const { data } = audit;
  return (
    <>
      <div className="grid gap-4 lg:grid-cols-2">
        <ContinuousCheck continuous={data.continuous} />
        <FullAudit audit={data} />
      </div>
      <Card>
        <CardHeader
          icon={<Scale className="h-5 w-5" />}
          title={texts.findingsTitle}
          description={data.findings.length > 0 ? `${data.findings.length} open, newest first.` : 'Newest first.'}
        />
        <CardBody>
          <LedgerFindings findings={data.findings} />
        </CardBody>
      </Card>
    </>
  );
};

export const LedgerAuditPage = () => {
  useDocumentTitle('Admin: ledger audit');
  return (
    <AdminFrame title={texts.title}>
      <p className="max-w-3xl text-sm text-slate-600">{texts.intro}</p>
      <Audit />
    </AdminFrame>
  );
};
