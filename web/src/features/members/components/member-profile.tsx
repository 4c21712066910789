import { MessageCircle, RefreshCw, Star, UserX } from 'lucide-react';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import type { User } from '@contracts/members';
import { Link, useSearchParams } from 'react-router';
import { openChat } from '@/lib/chat-requests';
import { isStatus } from '@/lib/http';
import { useMemberProfile } from '@/lib/member-profile';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button, buttonClasses } from '@/ui/button';
import { Card } from '@/ui/card';
import { EmptyState } from '@/ui/empty-state';
import { FullPageSpinner } from '@/ui/spinner';
import { AvailabilitySection } from './availability-section';
import { ProfileHeader } from './profile-header';
import { SkillsTaughtSection } from './skills-taught-section';
import { memberSectionTitles } from '../profile-rules';
import { SkillsToLearnSection } from './skills-to-learn-section';

/** Extra panels beside another member's profile, given the member and the ?skill= preselection. */
export type MemberAside = (user: User, preselectedSkillId: string | null) => ReactNode;

/** Another member's profile: read-only, with ways to reach and book them. */
export const MemberProfile = ({ userId, aside }: { userId: string; aside?: MemberAside }) => {
  const query = useMemberProfile(userId);
  const [params] = useSearchParams();
  useDocumentTitle(query.data?.name ?? 'Profile');
  const preselected = params.get('skill');
  const loaded = query.isSuccess;

  // ?skill= comes from a search result: bring that skill into view once the profile is on screen.
  useEffect(() => {
    if (loaded && preselected) document.getElementById(`skill-${preselected}`)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [loaded, preselected]);

  if (query.isPending) return <FullPageSpinner label="Loading profile..." />;
  if (query.isError) {
    return (
      <Card>
        {isStatus(query.error, 404) ? (
          <EmptyState
            icon={<UserX />}
            title="User not found"
            action={
              <Link to="/feed" className={buttonClasses('outline')}>
                Back to the feed
              </Link>
            }
          >
            This member does not exist or has left SkillSwap.
          </EmptyState>
        ) : (
          <EmptyState
            icon={<RefreshCw />}
            title="Could not load this profile"
            action={
              <Button variant="outline" onClick={() => void query.refetch()}>
                Try again
              </Button>
            }
          >
            Something went wrong on our side. Please try again.
          </EmptyState>
        )}
      </Card>
    );
  }

  const user = query.data;
  const actions = (
    // Opens (or restores) the chat window with the member; the messaging feature's dock takes the request.
    <Button onClick={() => openChat(user.id)} data-testid="profile-message">
      <MessageCircle className="h-4 w-4" /> Message
    </Button>
  );
  const reviewsLink = (
    <Link to={`/reviews/${encodeURIComponent(user.id)}`} className="inline-flex items-center gap-1 font-medium text-brand-600 hover:text-brand-700">
      <Star className="h-4 w-4" /> See all reviews
    </Link>
  );

  return (
    <div className="space-y-6">
      <ProfileHeader user={user} actions={actions} reviewsLink={reviewsLink} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <SkillsTaughtSection
            title={memberSectionTitles.taught}
            skills={user.skillsToTeach}
            bookFor={user.id}
            highlightId={preselected}
            emptyText={`${user.name} has not listed any skills yet.`}
          />
          <SkillsToLearnSection title={memberSectionTitles.toLearn} skills={user.skillsToLearn} />
        </div>
        <div className="space-y-6">
          {aside?.(user, preselected)}
          <AvailabilitySection availability={user.availability} timeZone={user.timeZone} />
        </div>
      </div>
    </div>
  );
};
