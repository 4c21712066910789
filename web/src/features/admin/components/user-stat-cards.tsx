// The directory's four stat cards (spec 002 §2): total, active today, new this week, top rated.
import { Star, UserPlus, Users, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { ACTIVE_WITHIN_HOURS, TOP_RATED_MIN, type UserStats } from '@contracts/admin-users';
import { Card } from '@/ui/card';

const counts = new Intl.NumberFormat('en-US');

const Stat = ({ label, value, hint, icon }: { label: string; value: number | undefined; hint: string; icon: ReactNode }) => (
  <Card className="flex items-center gap-3 p-4">
    <div className="rounded-lg bg-brand-50 p-2 text-brand-600 [&>svg]:h-5 [&>svg]:w-5">{icon}</div>
    <div className="min-w-0">
      <p className="text-xs font-medium text-slate-600">{label}</p>
      <p className="text-2xl font-bold text-slate-900" data-testid={`user-stat-${label.toLowerCase().replaceAll(' ', '-')}`}>
        {value === undefined ? '–' : counts.format(value)}
      </p>
      <p className="text-xs text-slate-500">{hint}</p>
    </div>
  </Card>
);

export const UserStatCards = ({ stats }: { stats: UserStats | undefined }) => (
  <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
    <Stat label="Total users" value={stats?.total_users} hint="Every member" icon={<Users aria-hidden />} />
    <Stat label="Active today" value={stats?.active_users_today} hint={`Acted in the last ${ACTIVE_WITHIN_HOURS} h`} icon={<Zap aria-hidden />} />
    <Stat label="New this week" value={stats?.new_users_this_week} hint="Joined in 7 days" icon={<UserPlus aria-hidden />} />
    <Stat label="Top rated" value={stats?.top_rated_users} hint={`Rated ${TOP_RATED_MIN} or higher`} icon={<Star aria-hidden />} />
  </div>
);
