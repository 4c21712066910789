// The dashboard's seven tabs (spec 002 §2, default 'activity'), the chosen one in the URL (?tab=) so a
// reload or a shared link keeps it. Radix gives the tab list its roles and arrow keys.
import { Users } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { liveActivityTexts } from '@contracts/analytics-limits';
import { buttonClasses } from '@/ui/button';
import { Card, CardHeader } from '@/ui/card';
import { EmptyState } from '@/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/ui/tabs';
import { AiAnalyticsPanel } from './ai-analytics-panel';
import { ErrorMonitoringTab } from './error-monitoring-tab';
import { HeatmapPanel } from './heatmap-panel';
import { LiveActivity } from './live-activity';
import { SystemMetrics } from './system-metrics';
import { UserInspector } from './user-inspector';

export const dashboardTabs = ['activity', 'users', 'errors', 'metrics', 'ai-analytics', 'heatmap', 'inspector'] as const;
export type DashboardTab = (typeof dashboardTabs)[number];

export const tabLabels: Record<DashboardTab, string> = {
  activity: liveActivityTexts.title,
  users: 'User Management',
  errors: 'Error Monitoring',
  metrics: 'System Metrics',
  'ai-analytics': 'AI Analytics',
  heatmap: 'Heat Map',
  inspector: 'User Inspector',
};

/** The tab a URL names; anything else is the default. */
export const tabOf = (value: string | null): DashboardTab => ((dashboardTabs as readonly string[]).includes(value ?? '') ? (value as DashboardTab) : 'activity');

export const DashboardTabs = () => {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const userId = params.get('userId') || null;
  const choose = (next: string) => setParams({ tab: next }, { replace: true });
  return (
    <Tabs value={tab} onValueChange={choose}>
      <TabsList label="Dashboard sections">
        {dashboardTabs.map((key) => (
          <TabsTrigger key={key} value={key} fit data-tab={key}>
            {tabLabels[key]}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="activity" className="mt-4">
        <Card className="overflow-hidden">
          <CardHeader title={liveActivityTexts.title} description="Page views and navigations as members browse, newest first." className="pb-3" />
          <LiveActivity />
        </Card>
      </TabsContent>
      <TabsContent value="users" className="mt-4">
        <Card>
          <EmptyState
            icon={<Users />}
            title="User Management"
            action={
              <Link to="/admin/users" className={buttonClasses('primary')}>
                Open the users directory
              </Link>
            }
          >
            Every member, searchable by name or e-mail, with their activity, points and sessions.
          </EmptyState>
        </Card>
      </TabsContent>
      <TabsContent value="errors" className="mt-4">
        <ErrorMonitoringTab />
      </TabsContent>
      <TabsContent value="metrics" className="mt-4">
        <SystemMetrics />
      </TabsContent>
      <TabsContent value="ai-analytics" className="mt-4">
        <AiAnalyticsPanel />
      </TabsContent>
      <TabsContent value="heatmap" className="mt-4">
        <HeatmapPanel />
      </TabsContent>
      <TabsContent value="inspector" className="mt-4">
        <UserInspector userId={userId} onSelect={(id) => setParams({ tab: 'inspector', userId: id }, { replace: true })} />
      </TabsContent>
    </Tabs>
  );
};
