// One member in the admin directory (spec 002 §2 Users directory): every field of the spec's card, and
// 'View Details' that opens the inspector on this member (the spec's button does nothing; ours works).
import { Activity, CalendarDays, Eye, MapPin, Star, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminUser } from '@contracts/admin-users';
import { adminUsersTexts } from '@contracts/admin-users';
import { formatDate, relativeAge } from '@/lib/dates';
import { Avatar } from '@/ui/avatar';
import { Badge } from '@/ui/badge';
import { buttonClasses } from '@/ui/button';

export const inspectorPath = (userId: string) => `/admin/inspector?userId=${encodeURIComponent(userId)}`;

const Fact = ({ icon, children }: { icon: ReactNode; children: ReactNode }) => (
  <span className="inline-flex items-center gap-1 whitespace-nowrap [&>svg]:h-3.5 [&>svg]:w-3.5 [&>svg]:text-slate-500">
    {icon}
    {children}
  </span>
);

export const UserCard = ({ user, now }: { user: AdminUser; now: number }) => {
  const name = user.name || adminUsersTexts.unnamed;
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="admin-user-card" aria-label={name}>
      <div className="flex flex-wrap items-start gap-3">
        <Avatar name={name} src={user.avatar} alt="" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate font-semibold text-slate-900">{name}</h3>
            {user.isActive && <Badge tone="success">Active</Badge>}
            {user.isAdmin && <Badge tone="brand">Admin</Badge>}
          </div>
          <p className="truncate text-sm text-slate-600">{user.email}</p>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
            {user.location && <Fact icon={<MapPin aria-hidden />}>{user.location}</Fact>}
            <Fact icon={<CalendarDays aria-hidden />}>Joined {formatDate(user.joinedDate)}</Fact>
            <Fact icon={<Star aria-hidden />}>
              {user.rating === null ? adminUsersTexts.noRating : `${user.rating.toFixed(1)}/5`} ({user.reviewCount} {user.reviewCount === 1 ? 'review' : 'reviews'})
            </Fact>
            <Fact icon={<span aria-hidden>◆</span>}>{user.points} points</Fact>
            <Fact icon={<Activity aria-hidden />}>Last active {user.lastActive ? relativeAge(user.lastActive, now) : 'never'}</Fact>
            <Fact icon={<Video aria-hidden />}>
              {user.sessionCount} {user.sessionCount === 1 ? 'session' : 'sessions'}
            </Fact>
            <Fact icon={<Activity aria-hidden />}>
              {user.activityCount} {user.activityCount === 1 ? 'activity' : 'activities'}
            </Fact>
          </div>
        </div>
        <Link to={inspectorPath(user.id)} className={buttonClasses('outline', 'sm', 'basis-full sm:basis-auto')} aria-label={`View details of ${name}`}>
          <Eye className="h-4 w-4" aria-hidden /> View Details
        </Link>
      </div>
    </article>
  );
};
