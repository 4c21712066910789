import clsx from 'clsx';
import { CalendarDays, Clock, Coins, MapPin, MessageSquareText, Repeat2, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import type { User } from '@contracts/members';
import { formatMonth } from '@/lib/dates';
import { Avatar } from '@/ui/avatar';
import { Card } from '@/ui/card';

const joined = (iso: string): string => formatMonth(iso);

const Stat = ({ icon, value, label }: { icon: ReactNode; value: ReactNode; label: string }) => (
  <div className="flex items-center gap-3 rounded-xl bg-slate-50 px-4 py-3">
    <span className="text-slate-400 [&>svg]:h-5 [&>svg]:w-5">{icon}</span>
    <div className="min-w-0">
      <p className="text-base font-semibold text-slate-900 tabular-nums">{value}</p>
      <p className="text-xs leading-tight text-slate-500">{label}</p>
    </div>
  </div>
);

export interface ProfileHeaderProps {
  user: User;
  actions?: ReactNode;
  /** Replaces the name, location and bio block while the member edits them. */
  editor?: ReactNode;
  reviewsLink?: ReactNode;
  /** A control on the avatar (one's own profile: change the picture). */
  avatarAction?: ReactNode;
}

export const ProfileHeader = ({ user, actions, editor, reviewsLink, avatarAction }: ProfileHeaderProps) => (
  <Card className="overflow-hidden">
    <div className="h-24 bg-gradient-to-r from-brand-600 via-brand-500 to-violet-500 sm:h-28" />
    <div className="px-5 pb-6 sm:px-8">
      <div className="-mt-12 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="relative w-fit" data-testid="profile-avatar">
          <Avatar name={user.name} src={user.profileImageUrl ?? user.avatar} size="xl" className="ring-4 ring-white" />
          {avatarAction}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {editor ? (
        <>
          {/* The name's heading gives way to its field while editing; the page keeps a level-one heading. */}
          <h1 className="mt-4 text-xl font-bold tracking-tight text-slate-900">Edit your profile</h1>
          {editor}
        </>
      ) : (
        <div className="mt-4">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900" data-testid="profile-name">
            {user.name}
          </h1>
          <div className="mt-1.5 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-500">
            {user.location && (
              <span className="inline-flex items-center gap-1" data-testid="profile-location">
                <MapPin className="h-4 w-4" /> {user.location}
              </span>
            )}
            <span className="inline-flex items-center gap-1">
              <Clock className="h-4 w-4" /> {user.timeZone}
            </span>
            {joined(user.joinedDate) && (
              <span className="inline-flex items-center gap-1">
                <CalendarDays className="h-4 w-4" /> Joined {joined(user.joinedDate)}
              </span>
            )}
          </div>
          <p className="mt-4 max-w-3xl whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]" data-testid="profile-bio">
            {user.bio || <span className="text-slate-500 italic">No bio yet.</span>}
          </p>
        </div>
      )}
      {/* Points are a balance: the API sends them only for one's own profile (and to admins), decision 60. */}
      <div className={clsx('mt-6 grid grid-cols-2 gap-3', user.points === undefined ? 'lg:grid-cols-3' : 'lg:grid-cols-4')}>
        <Stat icon={<Star />} value={user.reviewCount > 0 ? user.rating.toFixed(1) : '–'} label="Rating" />
        <Stat icon={<MessageSquareText />} value={user.reviewCount} label="Reviews" />
        <Stat icon={<Repeat2 />} value={user.completedSwaps} label="Completed swaps" />
        {user.points !== undefined && <Stat icon={<Coins />} value={user.points} label="Points" />}
      </div>
      {reviewsLink && <div className="mt-3 text-right text-sm">{reviewsLink}</div>}
    </div>
  </Card>
);
