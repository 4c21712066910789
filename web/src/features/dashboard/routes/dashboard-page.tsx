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
  /** Beside the greeting: the notification bell. */
  headerAction?: ReactNode;
  /** Below the activity summary: onboarding, feedback, suggestions, recommendations. */
  sidebar?: ReactNode;
}

/** /dashboard (document 000 §2 'Dashboard'). */
export const DashboardPage = ({ renderSession, headerAction, sidebar }: DashboardPageProps) => {
  useDocumentTitle('Dashboard');
  const { data: me } = useCurrentUser();
  if (!me) return <FullPageSpinner />;
  return (
    <div className="space-y-6">
      <Greeting name={me.name} streak={me.streak} action={headerAction} />
      <StatCards userId={me.id} />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <MySessions userId={me.id} renderSession={(session, highlighted, showTab) => renderSession(session, { viewerId: me.id, highlighted, showTab })} />
        <aside className="space-y-6" aria-label="Dashboard sidebar">
          <ActivitySummary userId={me.id} />
          {sidebar}
        </aside>
      </div>
    </div>
  );
};
