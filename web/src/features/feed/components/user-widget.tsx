// The left column's member card (spec 001 §2.3 'a user widget'): who is signed in, their points and
// where their profile and sessions are.
import { Coins, LayoutDashboard, MapPin, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { Avatar } from '@/ui/avatar';
import { buttonClasses } from '@/ui/button';

export const UserWidget = () => {
  const { data: me } = useCurrentUser();
  if (!me) return null;
  return (
    <section aria-label="You" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="user-widget">
      <div className="flex flex-col items-center text-center">
        <Avatar name={me.name} src={me.avatar ?? me.profileImageUrl} size="lg" alt="" />
        <p className="mt-3 font-semibold text-slate-900">{me.name}</p>
        {me.location && (
          <p className="mt-0.5 flex items-center gap-1 text-xs text-slate-500">
            <MapPin className="h-3.5 w-3.5" /> {me.location}
          </p>
        )}
        <p className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 text-sm font-medium text-amber-800">
          <Coins className="h-4 w-4" /> <span className="tabular-nums">{me.points}</span> points
        </p>
      </div>
      <div className="mt-4 grid gap-2">
        <Link to="/profile" className={buttonClasses('outline', 'sm', 'w-full')}>
          <UserRound className="h-4 w-4" /> My profile
        </Link>
        <Link to="/dashboard" className={buttonClasses('ghost', 'sm', 'w-full')}>
          <LayoutDashboard className="h-4 w-4" /> My sessions
        </Link>
      </div>
    </section>
  );
};
