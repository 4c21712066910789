// The System Metrics tab (spec 002 §2: type, value, unit, tags; 'No recent metrics'): the health grade with
// every check, its value and its levels (so an admin sees why the card says what it says), then the newest
// samples the server stored, newest first. Both move over /ws with each stored sample batch.
import { Activity, BarChart3, HeartPulse } from 'lucide-react';
import { HEALTH_THRESHOLDS, healthTexts, type HealthCheck, type MetricSampleView } from '@contracts/admin-health';
import { formatDateTime } from '@/lib/dates';
import { Badge, type BadgeTone } from '@/ui/badge';
import { Card, CardHeader } from '@/ui/card';
import { EmptyState } from '@/ui/empty-state';
import { LoadFailedNotice } from '@/ui/load-failed-notice';
import { DataTable } from '@/ui/table/data-table';
import type { DataColumn } from '@/ui/table/types';
import { useHealthMetrics, useMetricSamples } from '../api/health-api';
import { HealthBadge } from './summary-cards';

const NO_SAMPLES: MetricSampleView[] = [];
const statusTones: Record<HealthCheck['status'], BadgeTone> = { healthy: 'success', degraded: 'warning', critical: 'danger' };

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const number = (value: number) => numberFormat.format(value);
const valueText = (value: number | null, unit: string) => (value === null ? '–' : `${number(value)} ${unit}`);
/** The check's levels in words (the follower lag's also need the oldest event to have waited). */
const levelsText = (c: HealthCheck): string => {
  if (c.name === 'follower_lag') {
    const { degraded, critical } = HEALTH_THRESHOLDS.followerLag;
    return `Degraded from ${number(degraded.events)} events waiting ${degraded.seconds} s, critical from ${number(critical.events)} waiting ${critical.seconds} s`;
  }
  if (c.name === 'followers') return 'Degraded while any is not running';
  const levels = [c.degradedAt !== null && `degraded from ${number(c.degradedAt)} ${c.unit}`, c.criticalAt !== null && `critical from ${number(c.criticalAt)} ${c.unit}`];
  if (c.name === 'database') levels.push('critical without an answer');
  const text = levels.filter(Boolean).join(', ');
  return text && `${text[0]!.toUpperCase()}${text.slice(1)}`;
};

const sampleColumns: DataColumn<MetricSampleView>[] = [
  {
    id: 'type',
    header: 'Type',
    value: (m) => m.metric_type,
    cell: (m) => <span className="font-mono text-xs break-all">{m.metric_type}</span>,
    width: '13rem',
    sortable: false,
  },
  {
    id: 'value',
    header: 'Value',
    value: (m) => m.metric_value,
    cell: (m) => <span className="tabular-nums">{number(m.metric_value)}</span>,
    align: 'end',
    width: '7rem',
    sortable: false,
  },
  { id: 'unit', header: 'Unit', value: (m) => m.metric_unit, width: '6rem', sortable: false },
  {
    id: 'tags',
    header: 'Tags',
    value: (m) =>
      Object.entries(m.tags)
        .map(([k, v]) => `${k}=${v}`)
        .join(' '),
    cell: (m) => (
      <span className="flex flex-wrap gap-1">
        {Object.entries(m.tags).map(([k, v]) => (
          <span key={k} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[11px] break-all text-slate-700">{`${k}=${v}`}</span>
        ))}
      </span>
    ),
    sortable: false,
  },
  {
    id: 'time',
    header: 'Time',
    value: (m) => new Date(m.created_at),
    cell: (m) => (
      <time dateTime={m.created_at} className="whitespace-nowrap">
        {formatDateTime(m.created_at)}
      </time>
    ),
    width: '12rem',
    sortable: false,
  },
];

/** One check: its name and status, its value, and why, on one line from 640 px, stacked on a phone. */
const CheckRow = ({ check }: { check: HealthCheck }) => (
  <li className="grid gap-x-4 gap-y-1 px-5 py-3 sm:grid-cols-[13rem_6.5rem_8rem_1fr] sm:items-center sm:px-6" data-check={check.name}>
    <span className="text-sm font-medium text-slate-900">{healthTexts.labels[check.name]}</span>
    <span className="flex items-center gap-2">
      <Badge tone={statusTones[check.status]}>{healthTexts.grades[check.status]}</Badge>
      <span className="text-sm text-slate-900 tabular-nums sm:hidden">{valueText(check.value, check.unit)}</span>
    </span>
    <span className="hidden text-sm text-slate-900 tabular-nums sm:block">{valueText(check.value, check.unit)}</span>
    <span className="text-xs text-slate-700">
      {check.detail}
      {levelsText(check) && <span className="block text-slate-500">{levelsText(check)}</span>}
    </span>
  </li>
);

export const HealthChecks = () => {
  const health = useHealthMetrics();
  const report = health.data;
  return (
    <Card className="overflow-hidden" data-testid="health-checks">
      <CardHeader
        title="Health checks"
        icon={<HeartPulse className="h-5 w-5" aria-hidden />}
        description="The grade is the worst of the checks below; each shows its value and the levels it is judged by."
        action={report && <HealthBadge grade={report.systemHealth} className="text-sm" />}
        className="pb-3"
      />
      {health.isPending ? (
        <p role="status" className="px-5 py-4 text-sm text-slate-600 sm:px-6">
          Loading the health checks...
        </p>
      ) : !report ? (
        <div className="px-5 pb-5 sm:px-6">
          <LoadFailedNotice title={healthTexts.healthFailed} onRetry={() => void health.refetch()}>
            The server did not answer with its health checks. Try again in a moment.
          </LoadFailedNotice>
        </div>
      ) : (
        <>
          <div
            className="hidden grid-cols-[13rem_6.5rem_8rem_1fr] gap-x-4 border-y border-slate-100 bg-slate-50 px-6 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase sm:grid"
            aria-hidden
          >
            <span>Check</span>
            <span>Status</span>
            <span>Value</span>
            <span>Why</span>
          </div>
          <ul className="divide-y divide-slate-100 border-t border-slate-100 sm:border-t-0" aria-label="Health checks" data-health-checks="rows">
            {report.checks.map((check) => (
              <CheckRow key={check.name} check={check} />
            ))}
          </ul>
          <p className="border-t border-slate-100 px-5 py-3 text-xs text-slate-500 sm:px-6">
            Checked <time dateTime={report.checkedAt}>{formatDateTime(report.checkedAt)}</time>
            {report.avgResponseTime !== null && ` · average response ${Math.round(report.avgResponseTime)} ms over the last minute`}
          </p>
        </>
      )}
    </Card>
  );
};

const RecentMetrics = () => {
  const samples = useMetricSamples();
  const rows = samples.data ?? NO_SAMPLES;
  return (
    <Card className="overflow-hidden">
      <CardHeader
        title="Recent metrics"
        icon={<Activity className="h-5 w-5" aria-hidden />}
        description="Samples the server stores every 30 s by default (METRICS_SAMPLE_SECONDS), newest first. Prometheus reads the full set at /metrics."
        className="pb-3"
      />
      <div className="overflow-x-auto" data-testid="system-metrics" role="region" aria-label="Recent metrics, scrolls sideways" tabIndex={0}>
        <div className={rows.length > 0 ? 'min-w-[44rem]' : undefined}>
          <DataTable
            label="Recent metrics"
            columns={sampleColumns}
            rows={rows}
            manual
            rowId={(m) => m.id}
            status={samples.status}
            onRetry={() => void samples.refetch()}
            errorTitle={healthTexts.metricsFailed}
            empty={<EmptyState icon={<BarChart3 />} title={healthTexts.noMetrics} />}
            virtual={{ height: 384, rowHeight: 41 }}
            bodyData={{ 'data-system-metrics': 'rows' }}
          />
        </div>
      </div>
    </Card>
  );
};

export const SystemMetrics = () => (
  <div className="space-y-4">
    <HealthChecks />
    <RecentMetrics />
  </div>
);
