// The AI Analytics tab (spec 002 §2, §8, §9): four cards (invocations with the successful count, success
// rate with the failures in red when there are any, average response time, total cost in USD to 4
// decimals), the feedback section when there is feedback, and the recent invocations in a ui/table; the
// spec's loading, error (with Retry) and empty states. The figures move over /ws (ai-analytics-api.ts).
import clsx from 'clsx';
import { Bot, CheckCircle2, DollarSign, RefreshCw, ThumbsUp, Timer } from 'lucide-react';
import { AI_COST_DECIMALS, aiAnalyticsTexts, type AiAnalytics, type AiInvocationSummary } from '@contracts/admin-ai-analytics';
import { formatDateTime } from '@/lib/dates';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card, CardHeader } from '@/ui/card';
import { EmptyState } from '@/ui/empty-state';
import { Notice } from '@/ui/notice';
import { Spinner } from '@/ui/spinner';
import { DataTable } from '@/ui/table/data-table';
import type { DataColumn } from '@/ui/table/types';
import { useAiAnalytics } from '../api/ai-analytics-api';
import { formatCount, formatPercent } from './figure-change';
import { FigureTile } from './figure-tile';

const { notAvailable } = aiAnalyticsTexts;

/** US dollars with the spec's 4 decimals. */
export const formatCost = (usd: number) => `$${usd.toFixed(AI_COST_DECIMALS)}`;
export const formatLatency = (ms: number) => `${formatCount(Math.round(ms))} ms`;

const isMention = (trigger: AiInvocationSummary['triggerType']) => trigger === 'post_mention' || trigger === 'comment_mention';
const triggerLabels: Record<AiInvocationSummary['triggerType'], string> = { post_mention: 'Mention', comment_mention: 'Mention', ask: 'Ask' };
const statusLabels: Record<AiInvocationSummary['status'], string> = { success: 'Success', failed: 'Failed', pending: 'Pending' };
const failureLabels: Record<string, string> = { model_error: 'The model answered with an error', timed_out: 'Timed out before an answer' };

const columns: DataColumn<AiInvocationSummary>[] = [
  {
    id: 'trigger',
    header: 'Trigger',
    value: (r) => triggerLabels[r.triggerType],
    cell: (r) => (
      <span title={r.triggerType === 'comment_mention' ? 'A mention in a comment' : r.triggerType === 'post_mention' ? 'A mention in a post' : 'Asked directly'}>
        <Badge tone={isMention(r.triggerType) ? 'brand' : 'neutral'}>{triggerLabels[r.triggerType]}</Badge>
      </span>
    ),
    width: '7rem',
    sortable: false,
  },
  {
    id: 'status',
    header: 'Status',
    value: (r) => statusLabels[r.status],
    cell: (r) => (
      <span title={r.failureReason ? (failureLabels[r.failureReason] ?? r.failureReason) : undefined}>
        <Badge tone={r.status === 'success' ? 'success' : r.status === 'failed' ? 'danger' : 'neutral'}>{statusLabels[r.status]}</Badge>
      </span>
    ),
    width: '7rem',
    sortable: false,
  },
  {
    id: 'latency',
    header: 'Latency',
    value: (r) => (r.latencyMs === null ? notAvailable : formatLatency(r.latencyMs)),
    align: 'end',
    width: '7rem',
    sortable: false,
  },
  {
    id: 'cost',
    header: 'Cost',
    value: (r) => (r.costUsd === null ? notAvailable : formatCost(r.costUsd)),
    align: 'end',
    width: '7rem',
    sortable: false,
  },
  { id: 'images', header: 'Images', value: (r) => r.imageCount, align: 'end', width: '5rem', sortable: false },
  {
    id: 'time',
    header: 'Time',
    value: (r) => new Date(r.createdAt),
    cell: (r) => (
      <time dateTime={r.createdAt} className="whitespace-nowrap">
        {formatDateTime(r.createdAt)}
      </time>
    ),
    sortable: false,
  },
];

/** Nothing recorded yet: no invocation ended or pending, no feedback. */
export const isEmptyAnalytics = (a: AiAnalytics) => a.summary.totalInvocations === 0 && a.recentInvocations.length === 0 && a.feedback.total === 0;

const Cards = ({ summary }: { summary: AiAnalytics['summary'] }) => (
  <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4" data-testid="ai-cards">
    <FigureTile label="Total invocations" value={formatCount(summary.totalInvocations)} icon={<Bot aria-hidden />} testId="ai-card-invocations">
      <p className="text-xs text-slate-600">{formatCount(summary.successfulInvocations)} successful</p>
    </FigureTile>
    <FigureTile
      label="Success rate"
      value={summary.successRate === null ? notAvailable : formatPercent(summary.successRate)}
      icon={<CheckCircle2 aria-hidden />}
      testId="ai-card-success"
    >
      <p className={clsx('text-xs', summary.failedInvocations > 0 ? 'font-medium text-red-700' : 'text-slate-600')} data-testid="ai-card-failures">
        {formatCount(summary.failedInvocations)} failed
      </p>
    </FigureTile>
    <FigureTile
      label="Average response time"
      value={summary.avgResponseTimeMs === null ? notAvailable : formatLatency(summary.avgResponseTimeMs)}
      icon={<Timer aria-hidden />}
      testId="ai-card-latency"
    />
    <FigureTile label="Total cost" value={formatCost(summary.totalCostUsd)} hint="US dollars, every model call" icon={<DollarSign aria-hidden />} testId="ai-card-cost" />
  </div>
);

const Feedback = ({ feedback }: { feedback: AiAnalytics['feedback'] }) => {
  const figures = [
    ['Total', formatCount(feedback.total)],
    ['Helpful', formatCount(feedback.helpful)],
    ['Unhelpful', formatCount(feedback.unhelpful)],
    ['Satisfaction rate', feedback.satisfactionRate === null ? notAvailable : formatPercent(feedback.satisfactionRate)],
  ] as const;
  return (
    <Card data-testid="ai-feedback">
      <CardHeader title={aiAnalyticsTexts.feedbackTitle} description="Members' votes on The S brain's answers." icon={<ThumbsUp className="h-5 w-5" aria-hidden />} />
      <dl className="grid grid-cols-2 gap-3 px-5 pt-4 pb-5 sm:grid-cols-4 sm:px-6">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-xl bg-slate-50 px-3 py-2.5">
            <dt className="text-xs font-medium text-slate-600">{label}</dt>
            <dd className="text-xl font-bold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
};

const Recent = ({ rows }: { rows: AiInvocationSummary[] }) => (
  <Card className="overflow-hidden" data-testid="ai-recent">
    <CardHeader title={aiAnalyticsTexts.recentTitle} description="The newest requests to The S brain first." className="pb-3" />
    {/* Scrolls sideways on a phone (the columns keep their widths); focusable so a keyboard can scroll it too. */}
    <div className="overflow-x-auto" role="region" aria-label={`${aiAnalyticsTexts.recentTitle}, scrolls sideways`} tabIndex={0}>
      <div className={rows.length > 0 ? 'min-w-[42rem]' : undefined}>
        <DataTable
          label={aiAnalyticsTexts.recentTitle}
          columns={columns}
          rows={rows}
          manual
          rowId={(r) => r.requestId}
          status="success"
          empty={<EmptyState icon={<Bot />} title="No invocation yet" />}
          bodyData={{ 'data-ai-invocations': 'rows' }}
        />
      </div>
    </div>
  </Card>
);

export interface AiAnalyticsViewProps {
  analytics: AiAnalytics | undefined;
  /** The read failed (after its retries) with nothing to show. */
  failed: boolean;
  onRetry: () => void;
}

/** The tab's states: figures, loading, failed with Retry, or nothing recorded yet. */
export const AiAnalyticsView = ({ analytics, failed, onRetry }: AiAnalyticsViewProps) => {
  if (!analytics) {
    if (failed) {
      return (
        <Notice
          tone="danger"
          role="alert"
          title={aiAnalyticsTexts.loadFailedTitle}
          data-testid="ai-analytics-failed"
          action={
            <Button size="sm" variant="outline" onClick={onRetry}>
              <RefreshCw className="h-4 w-4" aria-hidden /> {aiAnalyticsTexts.retry}
            </Button>
          }
        >
          {aiAnalyticsTexts.loadFailed}
        </Notice>
      );
    }
    return (
      <Card className="flex justify-center py-12" data-testid="ai-analytics-loading">
        <Spinner label={aiAnalyticsTexts.loading} />
      </Card>
    );
  }
  if (isEmptyAnalytics(analytics)) {
    return (
      <Card data-testid="ai-analytics-empty">
        <EmptyState icon={<Bot />} title={aiAnalyticsTexts.empty}>
          The figures appear once members ask The S brain on the feed.
        </EmptyState>
      </Card>
    );
  }
  return (
    <div className="space-y-4" data-testid="ai-analytics">
      <Cards summary={analytics.summary} />
      {analytics.feedback.total > 0 && <Feedback feedback={analytics.feedback} />}
      <Recent rows={analytics.recentInvocations} />
    </div>
  );
};

export const AiAnalyticsPanel = () => {
  const query = useAiAnalytics();
  return <AiAnalyticsView analytics={query.data} failed={query.isError} onRetry={() => void query.refetch()} />;
};
