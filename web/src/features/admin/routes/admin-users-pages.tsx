// The admin's members: the directory at /admin/users (stat cards, search, filter, cards) and the User
// Inspector at /admin/inspector?userId= that 'View Details' opens (spec 002 §2; issue 31 points 6, 7).
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useUserStats } from '../api/users-api';
import { AdminFrame } from '../components/admin-frame';
import { UserInspector } from '../components/user-inspector';
import { UserStatCards } from '../components/user-stat-cards';
import { UsersDirectory } from '../components/users-directory';

export const AdminUsersPage = () => {
  useDocumentTitle('Admin: users');
  const stats = useUserStats();
  return (
    <AdminFrame title="Users">
      <UserStatCards stats={stats.data} />
      <UsersDirectory />
    </AdminFrame>
  );
};

export const AdminInspectorPage = () => {
  useDocumentTitle('Admin: user inspector');
  const [params, setParams] = useSearchParams();
  const userId = params.get('userId') || null;
  return (
    <AdminFrame title="User Inspector">
      <UserInspector userId={userId} onSelect={(id) => setParams({ userId: id })} />
    </AdminFrame>
  );
};
