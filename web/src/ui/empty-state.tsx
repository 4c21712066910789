import type { ReactNode } from 'react';

export const EmptyState = ({ icon, title, children, action }: { icon?: ReactNode; title: string; children?: ReactNode; action?: ReactNode }) => (
  <div className="flex flex-col items-center justify-center px-6 py-16 text-center">
    {icon && <div className="mb-4 rounded-2xl bg-brand-50 p-4 text-brand-600 [&>svg]:h-8 [&>svg]:w-8">{icon}</div>}
    <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
    {children && <div className="mt-2 max-w-md text-sm text-slate-500">{children}</div>}
    {action && <div className="mt-6">{action}</div>}
  </div>
);
