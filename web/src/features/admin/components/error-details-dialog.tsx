// The details modal of an error group (spec 002 §2, issue 32 point 2): type and message, why these
// occurrences are one group, the resolved stack with our frames highlighted, the request and the time,
// the last occurrences, the history of resolutions (who, when, why), and Resolve / Ignore / Reopen.
import type { ReactNode } from 'react';
import { errorTexts, type ErrorGroupDetail } from '@contracts/admin-errors';
import { formatDateTime } from '@/lib/dates';
import { Dialog } from '@/ui/dialog';
import { LoadFailedNotice } from '@/ui/load-failed-notice';
import { Spinner } from '@/ui/spinner';
import { useErrorGroup, useErrorGroupAction, type ErrorGroupAction } from '../api/errors-api';
import { categoryLabels, ErrorUser, requestText, SeverityBadge, StatusBadge } from './error-badges';
import { ErrorGroupActions } from './error-group-actions';
import { ErrorStack } from './error-stack';

const historyVerbs = { resolved: 'Resolved', ignored: 'Ignored', reopened: 'Reopened' } as const;

export const groupingText = (grouping: ErrorGroupDetail['grouping']): string =>
  grouping.rule === 'frames'
    ? 'Grouped by the error type and the top frames of our own code:'
    : 'Grouped by the error type and the message, with its numbers, ids and quoted values set aside:';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="space-y-2">
    <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
    {children}
  </section>
);

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="min-w-0">
    <dt className="text-xs font-medium text-slate-600">{label}</dt>
    <dd className="text-sm break-words text-slate-900">{children}</dd>
  </div>
);

export interface ErrorDetailsViewProps {
  detail: ErrorGroupDetail;
  busy: boolean;
  onAct: (action: ErrorGroupAction, reason: string) => Promise<unknown>;
}

export const ErrorDetailsView = ({ detail, busy, onAct }: ErrorDetailsViewProps) => {
  const { group, grouping, frames, occurrences, history } = detail;
  return (
    <div className="space-y-5" data-testid="error-details" data-group={group.id}>
      <div className="flex flex-wrap items-center gap-2">
        <SeverityBadge severity={group.severity} />
        <StatusBadge status={group.status} />
        <span className="text-xs text-slate-600">{categoryLabels[group.category]}</span>
      </div>
      <p className="text-sm break-words text-slate-900" data-testid="error-details-message">
        {group.message}
      </p>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Fact label="Request">
          <span className="font-mono text-xs">{requestText(group.requestMethod, group.requestPath)}</span>
        </Fact>
        <Fact label="Last seen">{formatDateTime(group.lastSeen)}</Fact>
        <Fact label="First seen">{formatDateTime(group.firstSeen)}</Fact>
        <Fact label="Occurrences">
          {group.count} {group.count === 1 ? 'time' : 'times'}, {group.membersAffected} {group.membersAffected === 1 ? 'member' : 'members'}
          {group.lastAppVersion && `, last in version ${group.lastAppVersion}`}
        </Fact>
      </dl>
      <Section title="Why grouped">
        <p className="text-sm text-slate-700">{groupingText(grouping)}</p>
        <ul className="flex flex-wrap gap-1.5" data-testid="error-grouping">
          {grouping.parts.map((part, i) => (
            <li key={i} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs break-all text-slate-800">
              {part}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Stack trace">
        <ErrorStack frames={frames} raw={group.stackTrace} />
      </Section>
      <Section title="Last occurrences">
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-xs" data-testid="error-occurrences">
          {occurrences.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <time dateTime={o.occurredAt} className="whitespace-nowrap text-slate-900">
                {formatDateTime(o.occurredAt)}
              </time>
              <span className="font-mono break-all text-slate-700">{requestText(o.requestMethod, o.requestPath)}</span>
              <ErrorUser userId={o.userId} />
              {o.appVersion && <span className="text-slate-500">v{o.appVersion}</span>}
              {o.message !== group.message && <span className="basis-full break-words text-slate-600">{o.message}</span>}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="History">
        {history.length === 0 ? (
          <p className="text-sm text-slate-600">Never resolved or ignored.</p>
        ) : (
          <ol className="space-y-2 text-sm" data-testid="error-history">
            {history.map((h, i) => (
              <li key={i} className="rounded-lg bg-slate-50 px-3 py-2">
                <p className="text-slate-900">
                  <span className="font-medium">{historyVerbs[h.action]}</span> by {h.byName ?? h.by}, <time dateTime={h.at}>{formatDateTime(h.at)}</time>
                  {h.appVersion && <span className="text-slate-500"> (version {h.appVersion})</span>}
                </p>
                <p className="break-words text-slate-700">{h.reason}</p>
              </li>
            ))}
          </ol>
        )}
      </Section>
      <ErrorGroupActions key={group.status} status={group.status} busy={busy} onAct={onAct} />
    </div>
  );
};

export const ErrorDetailsDialog = ({ groupId, onClose }: { groupId: string | null; onClose: () => void }) => {
  const detail = useErrorGroup(groupId);
  const action = useErrorGroupAction(groupId ?? '');
  return (
    <Dialog
      open={groupId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={detail.data ? <span className="font-mono break-all">{detail.data.group.errorType}</span> : errorTexts.details}
      size="lg"
    >
      {detail.data ? (
        <ErrorDetailsView detail={detail.data} busy={action.isPending} onAct={(act, reason) => action.mutateAsync({ action: act, reason })} />
      ) : detail.isError ? (
        <LoadFailedNotice title="Could not load this error group" onRetry={() => void detail.refetch()}>
          The server did not answer. Try again in a moment.
        </LoadFailedNotice>
      ) : (
        <div className="flex justify-center py-10">
          <Spinner label="Loading the error group" />
        </div>
      )}
    </Dialog>
  );
};
