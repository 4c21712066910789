import { LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import clsx from 'clsx';
import { loginUrl, markSigningIn } from '@/lib/login';
import { buttonClasses } from './button';
import { Logo } from './logo';

const links = [
  { to: '/success-stories', label: 'Success stories' },
  { to: '/community', label: 'Community' },
  { to: '/support', label: 'Support' },
];

/** Header and footer of the public pages, which visitors see without the app's nav bar. */
export const PublicShell = ({ children, action }: { children: ReactNode; action?: ReactNode }) => (
  <div className="flex min-h-screen flex-col bg-white">
    <header className="sticky top-0 z-30 border-b border-slate-100 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" aria-label="SkillSwap home">
          <Logo />
        </Link>
        <nav className="hidden items-center gap-1 md:flex" aria-label="Public">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) => clsx('rounded-lg px-3 py-2 text-sm font-medium', isActive ? 'text-brand-700' : 'text-slate-600 hover:text-slate-900')}
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        {action ?? (
          <a href={loginUrl('/feed')} onClick={() => markSigningIn()} className={buttonClasses('primary', 'md')}>
            <LogIn className="h-4 w-4" /> Sign in
          </a>
        )}
      </div>
    </header>
    <main className="flex-1">{children}</main>
    <footer className="border-t border-slate-100 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-slate-500 sm:flex-row sm:px-6">
        <Logo className="text-base" />
        <nav className="flex flex-wrap justify-center gap-x-5 gap-y-2" aria-label="Footer">
          {links.map((link) => (
            <Link key={link.to} to={link.to} className="hover:text-slate-900">
              {link.label}
            </Link>
          ))}
        </nav>
        <p>Free during the MVP phase.</p>
      </div>
    </footer>
  </div>
);
