import clsx from 'clsx';
import type { HTMLAttributes, ReactNode } from 'react';

export const Card = ({ className, ...rest }: HTMLAttributes<HTMLDivElement>) => (
  <div className={clsx('rounded-2xl border border-slate-200 bg-white shadow-sm', className)} {...rest} />
);

export interface CardHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export const CardHeader = ({ title, description, icon, action, className }: CardHeaderProps) => (
  <div className={clsx('flex items-start justify-between gap-4 px-5 pt-5 sm:px-6', className)}>
    <div className="flex min-w-0 items-start gap-3">
      {icon && <div className="mt-0.5 rounded-lg bg-brand-50 p-2 text-brand-600">{icon}</div>}
      <div className="min-w-0">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {description && <p className="mt-0.5 text-sm text-slate-500">{description}</p>}
      </div>
    </div>
    {action && <div className="shrink-0">{action}</div>}
  </div>
);

export const CardBody = ({ className, ...rest }: HTMLAttributes<HTMLDivElement>) => <div className={clsx('px-5 py-5 sm:px-6', className)} {...rest} />;
