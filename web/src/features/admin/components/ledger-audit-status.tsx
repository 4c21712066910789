// The ledger audit's two checks on /admin/audit (issue 33 point 3): the continuous one (after every batch of
// points: how far it has checked and the economy's totals there) and the full audit of every member (the
// latest or running one, its progress bar, and the button that starts one).
import clsx from 'clsx';
import { Activity, ScanSearch } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ledgerAuditTexts as texts, type LedgerAuditResponse, type LedgerAuditRun } from '@contracts/admin-ledger-audit';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/http';
import { Badge, type BadgeTone } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card, CardBody, CardHeader } from '@/ui/card';
import { logPositionLink } from '../api/audit-api';
import { useRunLedgerAudit } from '../api/ledger-audit-api';

const count = new Intl.NumberFormat('en-US');

const Fact = ({ label, children, className }: { label: string; children: ReactNode; className?: string }) => (
  <div className={clsx('min-w-0', className)}>
    <dt className="text-xs font-medium text-slate-600">{label}</dt>
    <dd className="text-sm font-semibold break-words text-slate-900 tabular-nums">{children}</dd>
  </div>
);

const PositionLink = ({ position }: { position: string }) => (
  <Link to={logPositionLink(position)} className="text-brand-700 underline">
    {position}
  </Link>
);

export const ContinuousCheck = ({ continuous }: { continuous: LedgerAuditResponse['continuous'] }) => (
  <Card data-testid="ledger-continuous">
    <CardHeader
      icon={<Activity className="h-5 w-5" />}
      title="Continuous check"
      description="After every batch of points, at the same log position as the read model. Available, held and in transit add up to all points granted."
    />
    <CardBody>
      {continuous.checkedThrough === null ? (
        <p className="text-sm text-slate-600">The check has not covered a batch of points yet.</p>
      ) : (
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <Fact label="Checked through">
            <PositionLink position={continuous.checkedThrough} />
          </Fact>
          <Fact label="Checked at" className="sm:col-span-2">
            {continuous.checkedAt ? formatDateTime(continuous.checkedAt) : 'Unknown'}
          </Fact>
          {continuous.totals && (
            <>
              <Fact label="Points granted">{count.format(continuous.totals.granted)}</Fact>
              <Fact label="Available">{count.format(continuous.totals.available)}</Fact>
              <Fact label="Held">{count.format(continuous.totals.held)}</Fact>
              <Fact label="In transit">{count.format(continuous.totals.inTransit)}</Fact>
            </>
          )}
        </dl>
      )}
    </CardBody>
  </Card>
);

const runTones: Record<LedgerAuditRun['state'], BadgeTone> = { running: 'info', finished: 'success', failed: 'danger' };
const runLabels: Record<LedgerAuditRun['state'], string> = { running: texts.running, finished: 'Finished', failed: 'Failed' };

const RunProgress = ({ run }: { run: LedgerAuditRun }) => {
  const { done, total } = run.progress;
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <div data-testid="ledger-audit-progress">
      <div
        className="h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label="Full audit progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-600 tabular-nums">
        {percent}%: {count.format(done)} of {count.format(total)} (the log&apos;s events, then each member), {count.format(run.membersChecked)} members checked
      </p>
    </div>
  );
};

const LatestRun = ({ run }: { run: LedgerAuditRun }) => (
  <div className="space-y-3" data-testid="ledger-audit-run" data-state={run.state}>
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
      <Badge tone={run.state === 'finished' && run.findings > 0 ? 'warning' : runTones[run.state]}>{runLabels[run.state]}</Badge>
      <span>
        {run.trigger === 'schedule' ? 'Started by the schedule' : 'Started by an admin'} {formatDateTime(run.startedAt)}
        {run.finishedAt && `, ended ${formatDateTime(run.finishedAt)}`}
      </span>
    </p>
    {run.state === 'running' && <RunProgress run={run} />}
    {run.state === 'finished' && (
      <p className="text-sm text-slate-900" data-testid="ledger-audit-outcome">
        {count.format(run.membersChecked)} members checked
        {run.position && (
          <>
            {' '}
            through log position <PositionLink position={run.position} />
          </>
        )}
        : {run.findings === 0 ? texts.clean : `${count.format(run.findings)} ${run.findings === 1 ? 'discrepancy' : 'discrepancies'} found.`}
      </p>
    )}
    {run.state === 'failed' && <p className="text-sm text-red-800">The audit failed{run.error ? `: ${run.error}` : '.'}</p>}
  </div>
);

export const FullAudit = ({ audit }: { audit: LedgerAuditResponse }) => {
  const start = useRunLedgerAudit();
  const running = audit.run?.state === 'running';
  return (
    <Card data-testid="ledger-full-audit">
      <CardHeader
        icon={<ScanSearch className="h-5 w-5" />}
        title="Full audit"
        description={
          audit.nextScheduledAt
            ? `Every member, including rows no new event touches. Next by schedule ${formatDateTime(audit.nextScheduledAt)}.`
            : 'Every member, including rows no new event touches.'
        }
      />
      <CardBody className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => start.mutate()} disabled={running || start.isPending} loading={start.isPending} data-testid="run-ledger-audit">
            {running ? texts.running : texts.run}
          </Button>
          {start.isError && (
            <p role="alert" className="text-sm text-red-800">
              {errorText(start.error, texts.runFailed)}
            </p>
          )}
        </div>
        {audit.run ? <LatestRun run={audit.run} /> : <p className="text-sm text-slate-600">{texts.noRun}</p>}
      </CardBody>
    </Card>
  );
};
