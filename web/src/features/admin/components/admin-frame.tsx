// The admin area's frame: its title, who is acting, and the links between its pages.
import clsx from 'clsx';
import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useAdminMe } from '../api/admin-api';

const sections = [
  { to: '/admin', label: 'Operations', end: true },
  { to: '/admin/users', label: 'Users', end: false },
  { to: '/admin/errors', label: 'Errors', end: false },
];

export const AdminFrame = ({ title, children }: { title: string; children: ReactNode }) => {
  const me = useAdminMe();
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="flex items-center gap-1.5 text-sm font-medium text-brand-700">
            <ShieldCheck className="h-4 w-4" aria-hidden /> Admin
          </p>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        </div>
        {me.data && (
          <p className="text-sm text-slate-600" data-testid="admin-me">
            Signed in as <span className="font-medium text-slate-900">{me.data.name}</span> ({me.data.email})
          </p>
        )}
      </div>
      <nav aria-label="Admin sections" className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {sections.map((section) => (
          <NavLink
            key={section.to}
            to={section.to}
            end={section.end}
            className={({ isActive }) =>
              clsx(
                '-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
                isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900',
              )
            }
          >
            {section.label}
          </NavLink>
        ))}
      </nav>
      {children}
    </div>
  );
};
