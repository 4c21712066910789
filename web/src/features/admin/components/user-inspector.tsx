// The User Inspector (spec 002 §2): the dropdown, then the chosen member's detail, with the spec's empty
// and failure states. Controlled by the caller (the inspector page keeps the choice in its URL; the
// dashboard's Inspector tab may keep it in its own state).
import { UserSearch } from 'lucide-react';
import { adminUsersTexts } from '@contracts/admin-users';
import { isStatus } from '@/lib/http';
import { useNow } from '@/lib/use-now';
import { Card } from '@/ui/card';
import { EmptyState } from '@/ui/empty-state';
import { LoadFailedNotice } from '@/ui/load-failed-notice';
import { Spinner } from '@/ui/spinner';
import { MemberAuditLinks } from './member-audit-links';
import { useUserDetail } from '../api/users-api';
import { UserDetailView } from './user-detail-view';
import { UserPicker } from './user-picker';

export const UserInspector = ({ userId, onSelect }: { userId: string | null; onSelect: (userId: string) => void }) => {
  const detail = useUserDetail(userId);
  const now = useNow();
  const user = detail.data?.user;
  const body =
    userId === null ? (
      <Card>
        <EmptyState icon={<UserSearch />} title={adminUsersTexts.noSelection}>
          Choose a member above to see their profile, sessions and recent activity.
        </EmptyState>
      </Card>
    ) : detail.isPending ? (
      <div className="flex justify-center py-12">
        <Spinner label="Loading user details" />
      </div>
    ) : detail.isError ? (
      <LoadFailedNotice title={adminUsersTexts.detailFailed} onRetry={() => void detail.refetch()}>
        {isStatus(detail.error, 404) ? adminUsersTexts.userNotFound : 'The server did not answer. Try again.'}
      </LoadFailedNotice>
    ) : (
      <>
        <UserDetailView detail={detail.data} now={now} />
        <MemberAuditLinks memberId={detail.data.user.id} />
      </>
    );
  return (
    <div className="space-y-4">
      <UserPicker selectedId={userId} selectedLabel={user ? `${user.name || adminUsersTexts.unnamed} (${user.email})` : null} onSelect={onSelect} />
      {body}
    </div>
  );
};
