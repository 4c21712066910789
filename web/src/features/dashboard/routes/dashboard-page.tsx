import type { ReactNode } from 'react';
import type { Session } from '@contracts/sessions';
import type { DashboardTab } from '@/lib/session-format';
import { useCurrentUser } from '@/lib/current-user';
import { useDocumentTitle } from '@/lib/use-document-title';
import { FullPageSpinner } from '@/ui/spinner';
import { ActivitySummary } from '../components/activity-summary';
import { Greeting } from '../components/greeting';
import { MySessions } from '../components/my-sessions';
import { StatCards } from '../components/stat-cards';

export interface SessionSlotContext {
  viewerId: string;
  highlighted: boolean;
  /** Switches My Sessions to a tab (spec 000 §4: after an approval, Upcoming). */
  showTab: (tab: DashboardTab) => void;
}

export interface DashboardPageProps {
  /** The session card, which belongs to the sessions feature; the app composes the two. */
  renderSession: (session: Session, context: SessionSlotContext) => ReactNode;
  /** Below the activity summary: onboarding, feedback, suggestions, recommendations. */
  sidebar?: ReactNode;
}

/** /dashboard (document 000 §2 'Dashboard'). */
export const DashboardPage = ({ renderSession, sidebar }: DashboardPageProps) => {
  useDocumentTitle('Dashboard');
  const { data: me } = useCurrentUser();
  if (!me) return <FullPageSpinner />;
  return (
    <div className="space-y-6">
      <Greeting name={me.name} streak={me.streak} />
      <StatCards userId={me.id} />
      {/* One column on a phone in the order that matters (summary, sessions, the rest) rather than the
          whole sidebar after every session; from lg the summary and the rest share the right column. */}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr]">
        <div className="lg:col-start-2 lg:row-start-1">
          <ActivitySummary userId={me.id} />
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <MySessions userId={me.id} renderSession={(session, highlighted, showTab) => renderSession(session, { viewerId: me.id, highlighted, showTab })} />
        </div>
        {sidebar && (
          <aside className="space-y-6 lg:col-start-2 lg:row-start-2" aria-label="Dashboard sidebar">
            {sidebar}
          </aside>
        )}
      </div>
    </div>
  );
};
