import clsx from 'clsx';
import type { ReactNode } from 'react';

export type NoticeTone = 'info' | 'success' | 'warning' | 'danger' | 'brand' | 'neutral';

const tones: Record<NoticeTone, string> = {
  info: 'bg-sky-50 text-sky-800 ring-sky-200',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-200',
  danger: 'bg-red-50 text-red-800 ring-red-200',
  brand: 'bg-brand-50 text-brand-800 ring-brand-200',
  neutral: 'bg-slate-50 text-slate-700 ring-slate-200',
};

export interface NoticeProps {
  tone?: NoticeTone;
  icon?: ReactNode;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  /** 'alert' for messages that must be announced at once (validation, conflicts). */
  role?: 'alert' | 'status';
  'data-testid'?: string;
}

/** An inline banner inside a card or dialog. */
export const Notice = ({ tone = 'info', icon, title, children, action, role, ...rest }: NoticeProps) => (
  <div role={role} className={clsx('flex items-start gap-3 rounded-xl px-3.5 py-3 text-sm ring-1 ring-inset', tones[tone])} data-testid={rest['data-testid']}>
    {icon && <span className="mt-0.5 shrink-0 [&>svg]:h-4 [&>svg]:w-4">{icon}</span>}
    <div className="min-w-0 flex-1">
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={clsx(title && 'mt-0.5', 'opacity-90')}>{children}</div>}
    </div>
    {action && <div className="shrink-0">{action}</div>}
  </div>
);
