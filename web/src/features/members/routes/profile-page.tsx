import { useParams } from 'react-router';
import type { MemberAside } from '../components/member-profile';
import { useCurrentUser } from '@/lib/current-user';
import { useDocumentTitle } from '@/lib/use-document-title';
import { FullPageSpinner } from '@/ui/spinner';
import { MemberProfile } from '../components/member-profile';
import { OwnProfile } from '../components/own-profile';

const OwnProfilePage = () => {
  useDocumentTitle('My profile');
  const { data: me } = useCurrentUser();
  return me ? <OwnProfile user={me} /> : <FullPageSpinner label="Loading profile..." />;
};

/**
 * /profile and /profile/{userId}; a member opening their own id gets the editable page. `memberAside`
 * lets the app add other features' panels (booking, active sessions) beside another member's profile.
 */
export const ProfilePage = ({ memberAside }: { memberAside?: MemberAside } = {}) => {
  const { userId } = useParams();
  const { data: me } = useCurrentUser();
  if (!userId || userId === me?.id) return <OwnProfilePage />;
  return <MemberProfile key={userId} userId={userId} aside={memberAside} />;
};
