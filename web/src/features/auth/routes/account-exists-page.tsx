import { LogIn, UserCheck } from 'lucide-react';
import { Link } from 'react-router';
import { loginUrl, markSigningIn } from '@/lib/login';
import { useDocumentTitle } from '@/lib/use-document-title';
import { buttonClasses } from '@/ui/button';
import { Card } from '@/ui/card';
import { PublicShell } from '@/ui/public-shell';

export const AccountExistsPage = () => {
  useDocumentTitle('Welcome back');
  return (
    <PublicShell action={<span />}>
      <div className="mx-auto max-w-md px-4 py-20">
        <Card className="p-8 text-center">
          <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
            <UserCheck className="h-7 w-7" />
          </span>
          <h1 className="mt-5 text-2xl font-bold text-slate-900">Welcome back!</h1>
          <p className="mt-2 text-slate-600">This e-mail address is already connected to a SkillSwap account. Sign in to pick up where you left off.</p>
          <a href={loginUrl('/feed')} onClick={() => markSigningIn()} className={buttonClasses('primary', 'lg', 'mt-8 w-full')}>
            <LogIn className="h-5 w-5" /> Sign in
          </a>
          <p className="mt-6 text-sm text-slate-500">
            Not you or can't get in?{' '}
            <Link to="/support" className="font-medium text-brand-600 hover:text-brand-700">
              Contact support
            </Link>
          </p>
        </Card>
      </div>
    </PublicShell>
  );
};
