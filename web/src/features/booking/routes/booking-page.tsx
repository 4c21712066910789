import { ArrowLeft, SearchX, UserRound } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { isStatus } from '@/lib/http';
import { useMemberProfile } from '@/lib/member-profile';
import { useCurrentUser } from '@/lib/current-user';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button, buttonClasses } from '@/ui/button';
import { Card } from '@/ui/card';
import { EmptyState } from '@/ui/empty-state';
import { FullPageSpinner } from '@/ui/spinner';
import { sessionTexts } from '@contracts/sessions';
import { AboutInstructor, AboutSkill, MeetingLinkNote } from '../components/about-cards';
import { BookingHeader } from '../components/booking-header';
import { BookingPanel } from '../components/booking-panel';

const NotFound = () => (
  <Card>
    <EmptyState
      icon={<SearchX />}
      title={sessionTexts.skillMissing}
      action={
        <Link to="/search" className={buttonClasses('outline')}>
          Find another skill
        </Link>
      }
    >
      The mentor may have removed this skill, or the link is wrong.
    </EmptyState>
  </Card>
);

/** /book/{userId}/{skillId} (document 000 §2 'Session booking page'). */
export const BookingPage = () => {
  const { userId = '', skillId = '' } = useParams();
  const { data: viewer } = useCurrentUser();
  const mentor = useMemberProfile(userId);
  const skill = mentor.data?.skillsToTeach.find((s) => s.id === skillId);
  useDocumentTitle(skill ? `Book ${skill.name}` : 'Book a session');

  if (mentor.isPending || !viewer) return <FullPageSpinner label="Loading..." />;
  if (mentor.isError && !isStatus(mentor.error, 404)) {
    return (
      <Card>
        <EmptyState
          title="Could not load this skill"
          action={
            <Button variant="outline" onClick={() => void mentor.refetch()}>
              Try again
            </Button>
          }
        >
          Something went wrong on our side. Please try again.
        </EmptyState>
      </Card>
    );
  }
  if (!mentor.data || !skill) return <NotFound />;
  if (mentor.data.id === viewer.id) {
    return (
      <Card>
        <EmptyState
          icon={<UserRound />}
          title="This is your own skill"
          action={
            <Link to="/profile" className={buttonClasses('primary')}>
              View My Profile
            </Link>
          }
        >
          Members book your skills from your profile and from search. You cannot book a session with yourself.
        </EmptyState>
      </Card>
    );
  }

  return (
    <div className="space-y-6">
      <Link to={`/profile/${encodeURIComponent(mentor.data.id)}`} className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-500 hover:text-slate-900">
        <ArrowLeft className="h-4 w-4" /> {mentor.data.name}'s profile
      </Link>
      <BookingHeader mentor={mentor.data} skill={skill} viewerId={viewer.id} />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="space-y-6">
          <AboutSkill skill={skill} balance={viewer.points} />
          <AboutInstructor mentor={mentor.data} />
          <MeetingLinkNote />
        </div>
        {/* On a phone the request panel comes right under the header, before the about cards. */}
        <div className="order-first lg:sticky lg:top-24 lg:order-none">
          <BookingPanel key={skill.id} viewer={viewer} mentor={mentor.data} skillId={skill.id} />
        </div>
      </div>
    </div>
  );
};
