import { Flame } from 'lucide-react';
import { firstName } from '@/lib/session-format';

export const greetingFor = (hour: number): string => (hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening');

export const Greeting = ({ name, streak }: { name: string; streak: number }) => (
  <div className="flex items-start justify-between gap-4">
    <div className="min-w-0">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl" data-testid="dashboard-greeting">
        {greetingFor(new Date().getHours())}, {firstName(name)}!
      </h1>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-500">
        Here is what is happening with your skill swaps.
        {streak > 0 && (
          <span className="inline-flex items-center gap-1 rounded-full bg-orange-50 px-2.5 py-0.5 text-sm font-medium text-orange-700 ring-1 ring-orange-200">
            <Flame className="h-3.5 w-3.5" /> {streak}-day streak
          </span>
        )}
      </p>
    </div>
  </div>
);
