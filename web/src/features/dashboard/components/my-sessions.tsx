import { CalendarRange } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { Session } from '@contracts/sessions';
import type { DashboardTab } from '@/lib/session-format';
import { dashboardTabs } from '@/lib/session-format';
import { Card, CardBody, CardHeader } from '@/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/ui/tabs';
import { useDashboardCounts, useMySessions } from '../api/dashboard-api';
import { SessionFilters } from './session-filters';
import { SessionsList } from './sessions-list';
import { dashboardPageLimit } from '../dashboard-rules';
import { useHighlight } from './use-highlight';

export interface MySessionsProps {
  userId: string;
  renderSession: (session: Session, highlighted: boolean, showTab: (tab: DashboardTab) => void) => ReactNode;
}

const useDebounced = (value: string, ms: number) => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
};

export const MySessions = ({ userId, renderSession }: MySessionsProps) => {
  const [tab, setTab] = useState<DashboardTab>('requested');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [skill, setSkill] = useState('');
  const [status, setStatus] = useState('');
  const counts = useDashboardCounts();
  const mine = useMySessions(userId);
  const skills = [...new Set((mine.data ?? []).map((s) => s.skill_name))].sort((a, b) => a.localeCompare(b));
  const debouncedSearch = useDebounced(search, 300);

  const showTab = useCallback((next: DashboardTab) => {
    setTab(next);
    setPage(1);
    setSearch('');
    setSkill('');
    setStatus('');
  }, []);
  const { highlightMode, ringedId, endHighlightMode } = useHighlight(showTab);
  const interact =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      endHighlightMode();
      setPage(1);
      set(value);
    };

  const changePage = (next: number) => {
    endHighlightMode();
    setPage(next);
  };

  const filter = { tab, page, limit: dashboardPageLimit(highlightMode), search: debouncedSearch, skill, status };

  return (
    <Card>
      <CardHeader icon={<CalendarRange className="h-5 w-5" />} title="My Sessions" description="Requests, upcoming sessions and your history" />
      <CardBody className="space-y-4">
        <SessionFilters
          tab={tab}
          search={search}
          onSearch={interact(setSearch)}
          skill={skill}
          skills={skills}
          onSkill={interact(setSkill)}
          status={status}
          onStatus={interact(setStatus)}
          onClear={() => showTab(tab)}
        />
        <Tabs value={tab} onValueChange={(value) => interact(showTab)(value as DashboardTab)}>
          <TabsList label="Session tabs">
            {dashboardTabs.map((t) => (
              <TabsTrigger key={t.id} value={t.id} count={counts.data?.[t.id] ?? null} data-testid={`tab-${t.id}`}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {dashboardTabs.map((t) => (
            <TabsContent key={t.id} value={t.id} className="mt-4 outline-none">
              <SessionsList
                filter={filter}
                ringedId={ringedId}
                renderSession={(session, highlighted) => renderSession(session, highlighted, showTab)}
                onPage={changePage}
                onClear={() => showTab(tab)}
              />
            </TabsContent>
          ))}
        </Tabs>
      </CardBody>
    </Card>
  );
};
