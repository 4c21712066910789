import clsx from 'clsx';
import { LogIn, Menu, X } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { loginUrl, markSigningIn } from '@/lib/login';
import { buttonClasses } from './button';
import { Logo } from './logo';

const links = [
  { to: '/success-stories', label: 'Success stories' },
  { to: '/community', label: 'Community' },
  { to: '/support', label: 'Support' },
];

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  clsx('rounded-lg px-3 py-2 text-sm font-medium', isActive ? 'text-brand-700' : 'text-slate-600 hover:text-slate-900');

/**
 * Below md the links fold into a menu button (issue 19 point 16: phones had no way to the other public
 * pages but the footer). A plain disclosure, not a dropdown library, keeps the landing page's JS small.
 */
const PhoneMenu = () => {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const [openedAt, setOpenedAt] = useState(pathname);
  // A link followed closes the menu: the path changed since it was opened.
  if (open && openedAt !== pathname) setOpen(false);
  return (
    <div className="md:hidden">
      <button
        type="button"
        className="flex h-10 w-10 items-center justify-center rounded-xl text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
        aria-expanded={open}
        aria-controls="public-menu"
        onClick={() => {
          setOpenedAt(pathname);
          setOpen(!open);
        }}
        data-testid="public-menu-button"
      >
        {open ? <X className="h-5 w-5" /> : <Menu className="h-5 w-5" />}
        <span className="sr-only">Menu</span>
      </button>
      {open && (
        <nav id="public-menu" aria-label="Public" className="absolute inset-x-0 top-16 border-b border-slate-100 bg-white px-4 py-2 shadow-md" data-testid="public-menu">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={(state) => clsx(linkClasses(state), 'block py-3 text-base')}>
              {link.label}
            </NavLink>
          ))}
        </nav>
      )}
    </div>
  );
};

/** Header and footer of the public pages, which visitors see without the app's nav bar. */
export const PublicShell = ({ children, action }: { children: ReactNode; action?: ReactNode }) => (
  <div className="flex min-h-screen flex-col bg-white">
    <header className="sticky top-0 z-30 border-b border-slate-100 bg-white/90 backdrop-blur">
      <div className="relative mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
        <Link to="/" aria-label="SkillSwap home" className="mr-auto">
          <Logo />
        </Link>
        <nav className="hidden items-center gap-1 md:flex" aria-label="Public">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={linkClasses}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        {action ?? (
          <a href={loginUrl('/feed')} onClick={() => markSigningIn()} className={buttonClasses('primary', 'md')}>
            <LogIn className="h-4 w-4" /> Sign in
          </a>
        )}
        <PhoneMenu />
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
