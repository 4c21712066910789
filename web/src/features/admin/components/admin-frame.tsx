// The admin area's frame: its title, who is acting, and the links between its pages.
import clsx from 'clsx';
import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useAdminMe } from '../api/admin-api';

const sections = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/operations', label: 'Operations', end: false },
  { to: '/admin/users', label: 'Users', end: false },
  { to: '/admin/inspector', label: 'Inspector', end: false },
  { to: '/admin/errors', label: 'Errors', end: false },
  { to: '/admin/events', label: 'Events', end: false },
  { to: '/admin/audit', label: 'Audit', end: false },
];

/** `actions` sit beside the title (the dashboard header's controls). */
export const AdminFrame = ({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) => {
  const me = useAdminMe();
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="flex items-center gap-1.5 text-sm font-medium text-brand-700">
            <ShieldCheck className="h-4 w-4" aria-hidden /> Admin
          </p>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {me.data && (
            <p className="text-sm break-all text-slate-600" data-testid="admin-me">
              Signed in as <span className="font-medium text-slate-900">{me.data.name}</span> ({me.data.email})
            </p>
          )}
        </div>
        {actions}
      </div>
      {/* Wraps on a phone: scrolling sideways, the last section sat wholly past the edge, with nothing to show it was there. */}
      <nav aria-label="Admin sections" className="flex flex-wrap gap-1 border-b border-slate-200">
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
