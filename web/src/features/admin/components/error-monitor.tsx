// /admin/errors (spec 002 §2 'Error monitoring'): a refresh button, the four cards, and the three tabs
// (Error Log, System Health, Error Analytics); a group's Details open the modal. Everything moves over
// /ws as errors are stored (errors_stored), with the spec's intervals only while the socket is down.
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { errorTexts } from '@contracts/admin-errors';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { LoadFailedNotice } from '@/ui/load-failed-notice';
import { Spinner } from '@/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/ui/tabs';
import { useErrorStats } from '../api/errors-api';
import { adminKeys } from '../api/keys';
import { useDashboardUi } from '../dashboard-store';
import { ErrorAnalytics } from './error-analytics';
import { ErrorDetailsDialog } from './error-details-dialog';
import { ErrorLog } from './error-log';
import { ErrorStatCards } from './error-stat-cards';
import { HealthChecks } from './system-metrics';

type ErrorTab = keyof typeof errorTexts.tabs;

export const ErrorsRefresh = () => {
  const client = useQueryClient();
  const askRefresh = useDashboardUi((s) => s.askRefresh);
  const fetching = useIsFetching({ queryKey: adminKeys.errorMonitor() }) > 0;
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={() => {
        // The health checks follow the dashboard's live switch: a refresh lets a paused read through once.
        askRefresh();
        void client.invalidateQueries({ queryKey: adminKeys.errorMonitor() });
        void client.invalidateQueries({ queryKey: adminKeys.healthMetrics() });
      }}
      data-testid="errors-refresh"
    >
      <RefreshCw className={clsx('h-4 w-4', fetching && 'animate-spin')} aria-hidden /> {errorTexts.refresh}
    </Button>
  );
};

const Analytics = () => {
  const stats = useErrorStats();
  if (stats.data) return <ErrorAnalytics types={stats.data.topErrorTypes} />;
  if (stats.isError)
    return (
      <div className="p-5">
        <LoadFailedNotice title="Could not load the error types" onRetry={() => void stats.refetch()}>
          The server did not answer. Try again in a moment.
        </LoadFailedNotice>
      </div>
    );
  return (
    <div className="flex justify-center py-12">
      <Spinner label="Loading the error types" />
    </div>
  );
};

export const ErrorMonitor = () => {
  const stats = useErrorStats();
  const [tab, setTab] = useState<ErrorTab>('log');
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className="space-y-4">
      {stats.isError && !stats.data ? (
        <LoadFailedNotice title="Could not load the error figures" onRetry={() => void stats.refetch()}>
          The server did not answer with the figures. Try again in a moment.
        </LoadFailedNotice>
      ) : (
        <ErrorStatCards stats={stats.data} />
      )}
      <Tabs value={tab} onValueChange={(next) => setTab(next as ErrorTab)}>
        <TabsList label="Error monitoring sections">
          {(Object.keys(errorTexts.tabs) as ErrorTab[]).map((key) => (
            <TabsTrigger key={key} value={key} fit data-tab={key}>
              {errorTexts.tabs[key]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="log" className="mt-4">
          <Card className="p-4 sm:p-5">
            <ErrorLog onDetails={setOpen} />
          </Card>
        </TabsContent>
        <TabsContent value="health" className="mt-4">
          <HealthChecks />
        </TabsContent>
        <TabsContent value="analytics" className="mt-4">
          <Card>
            <Analytics />
          </Card>
        </TabsContent>
      </Tabs>
      <ErrorDetailsDialog groupId={open} onClose={() => setOpen(null)} />
    </div>
  );
};
