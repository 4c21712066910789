import clsx from 'clsx';
import { Repeat2 } from 'lucide-react';

export const Logo = ({ className, compact }: { className?: string; compact?: boolean }) => (
  <span className={clsx('inline-flex items-center gap-2 font-bold tracking-tight text-slate-900', className)}>
    <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-white shadow-sm">
      <Repeat2 className="h-5 w-5" />
    </span>
    {!compact && <span className="text-lg">SkillSwap</span>}
  </span>
);
