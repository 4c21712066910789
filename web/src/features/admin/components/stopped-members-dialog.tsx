// The members who stopped at a journey step (issue 31 point 3: PostHog's most asked funnel feature), paged
// by the server, newest first; each opens the User Inspector.
import { UserX } from 'lucide-react';
import { Link } from 'react-router';
import { adminStatsTexts, type StoppedMember, type StoppedStep } from '@contracts/admin-stats';
import { adminUsersTexts } from '@contracts/admin-users';
import { formatDate } from '@/lib/dates';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { LoadFailedNotice } from '@/ui/load-failed-notice';
import { Spinner } from '@/ui/spinner';
import { useStoppedMembers } from '../api/stats-api';

const nextStep: Record<StoppedStep, string> = {
  signedUp: adminStatsTexts.stepLabels.addedSkills,
  addedSkills: adminStatsTexts.stepLabels.profileReady,
  profileReady: adminStatsTexts.stepLabels.bookedSession,
};

export const inspectorPath = (userId: string) => `/admin/inspector?userId=${encodeURIComponent(userId)}`;

const MemberRow = ({ member }: { member: StoppedMember }) => (
  <li>
    <Link
      to={inspectorPath(member.id)}
      className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 rounded-lg px-3 py-2 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      data-testid="stopped-member"
    >
      <span className="min-w-0">
        <span className="block font-medium text-slate-900">{member.name || adminUsersTexts.unnamed}</span>
        <span className="block break-all text-slate-600">{member.email}</span>
      </span>
      <span className="text-xs text-slate-600">
        Joined {formatDate(member.joinedDate)} · here since {formatDate(member.reachedAt)}
      </span>
    </Link>
  </li>
);

const StoppedList = ({ step }: { step: StoppedStep }) => {
  const members = useStoppedMembers(step);
  if (members.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Loading the members" />
      </div>
    );
  }
  if (members.isError && !members.data) {
    return (
      <LoadFailedNotice title="Could not load these members" onRetry={() => void members.refetch()}>
        The server did not answer. Try again.
      </LoadFailedNotice>
    );
  }
  const rows = members.data.pages.flatMap((page) => page.members);
  if (rows.length === 0) {
    return (
      <p className="flex items-center gap-2 py-4 text-sm text-slate-600">
        <UserX className="h-4 w-4" aria-hidden /> Nobody stopped here.
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <ul className="divide-y divide-slate-100" aria-label="Members who stopped here">
        {rows.map((member) => (
          <MemberRow key={member.id} member={member} />
        ))}
      </ul>
      {members.hasNextPage && (
        <Button variant="outline" size="sm" className="w-full" loading={members.isFetchingNextPage} onClick={() => void members.fetchNextPage()}>
          Load more
        </Button>
      )}
    </div>
  );
};

export const StoppedMembersDialog = ({ step, onClose }: { step: StoppedStep | null; onClose: () => void }) => (
  <Dialog
    open={step !== null}
    onOpenChange={(open) => !open && onClose()}
    title={step ? `Stopped at: ${adminStatsTexts.stepLabels[step]}` : ''}
    description={step ? `Members who reached this step but not '${nextStep[step]}', newest first. Choose one to inspect.` : undefined}
  >
    {step && <StoppedList step={step} />}
  </Dialog>
);
