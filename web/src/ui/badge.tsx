import clsx from 'clsx';
import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  brand: 'bg-brand-50 text-brand-700 ring-brand-200',
  success: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
  danger: 'bg-red-50 text-red-700 ring-red-200',
  info: 'bg-sky-50 text-sky-700 ring-sky-200',
};

export const Badge = ({ tone = 'neutral', className, children }: { tone?: BadgeTone; className?: string; children: ReactNode }) => (
  <span className={clsx('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', tones[tone], className)}>{children}</span>
);

/** The count on a bell or menu item: nothing at 0, '9+' above 9 (document 000 §2). */
export const countBadgeText = (count: number): string | null => (count <= 0 ? null : count > 9 ? '9+' : String(count));

export const CountBadge = ({ count, className }: { count: number; className?: string }) => {
  const text = countBadgeText(count);
  if (!text) return null;
  return (
    <span
      className={clsx(
        'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-semibold text-white ring-2 ring-white',
        className,
      )}
    >
      {text}
    </span>
  );
};
