import { ArrowLeft, ShieldAlert, ShieldCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { buttonClasses } from '@/ui/button';
import { Card } from '@/ui/card';
import { PublicShell } from '@/ui/public-shell';

export const defaultAuthErrorMessage = 'Authentication failed. Please try again.';

export const AuthErrorPage = () => {
  useDocumentTitle('Sign-in problem');
  const [params] = useSearchParams();
  const message = params.get('message')?.trim() || defaultAuthErrorMessage;
  return (
    <PublicShell>
      <div className="mx-auto max-w-md px-4 py-20">
        <Card className="p-8 text-center">
          <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-red-50 text-red-600">
            <ShieldAlert className="h-7 w-7" />
          </span>
          <h1 className="mt-5 text-xl font-bold text-balance text-slate-900">Invalid authentication request. Please try again.</h1>
          <p className="mt-3 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700" data-testid="auth-error-message">
            {message}
          </p>
          <Link to="/" className={buttonClasses('primary', 'lg', 'mt-8 w-full')}>
            <ArrowLeft className="h-5 w-5" /> Go back
          </Link>
          <p className="mt-6 flex items-center justify-center gap-1.5 text-xs text-slate-500">
            <ShieldCheck className="h-4 w-4" /> Sign-in is secured by a third-party sign-in provider.
          </p>
        </Card>
      </div>
    </PublicShell>
  );
};
